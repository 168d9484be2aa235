/*
 * The floor of any stdio proxy in a process of its own, without a runtime: it starts the server
 * given on its command line and copies bytes between its own stdin/stdout and the server's, in
 * one poll() loop (no parsing, no buffering beyond one read). The proxy bench compiles it with
 * `cc -O2` when a C compiler is there and measures it beside bench/pipe-relay.mjs, so that the
 * cost of the extra process hop itself (two more pipe crossings and wake-ups per message) is on
 * the table apart from what Node adds to it.
 *
 * Usage: pipe-relay <command> [args...]; the server's stderr is the relay's own.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* One read's worth: a small message crosses in one read, as it would through the proxy. */
static char buffer[65536];

/* Writes all of `size` bytes (a pipe may take fewer at once). 0 when the reader has gone. */
static int write_all(int fd, const char *bytes, size_t size) {
  while (size > 0) {
    ssize_t written = write(fd, bytes, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return 0;
    }
    bytes += written;
    size -= (size_t)written;
  }
  return 1;
}

/* Moves what one read gives from `from` to `to`. 0 at end of input or when either side failed. */
static int copy(int from, int to) {
  ssize_t got;
  do got = read(from, buffer, sizeof buffer);
  while (got < 0 && errno == EINTR);
  return got > 0 && write_all(to, buffer, (size_t)got);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: pipe-relay <command> [args...]\n");
    return 2;
  }
  int to_server[2];
  int from_server[2];
  if (pipe(to_server) != 0 || pipe(from_server) != 0) {
    perror("pipe-relay: pipe");
    return 1;
  }
  pid_t server = fork();
  if (server < 0) {
    perror("pipe-relay: fork");
    return 1;
  }
  if (server == 0) {
    dup2(to_server[0], STDIN_FILENO);
    dup2(from_server[1], STDOUT_FILENO);
    close(to_server[0]);
    close(to_server[1]);
    close(from_server[0]);
    close(from_server[1]);
    execvp(argv[1], argv + 1);
    perror("pipe-relay: exec");
    _exit(127);
  }
  close(to_server[0]);
  close(from_server[1]);
  /* A reader that went away shows as a failed write (and ends the loop), not as a signal. */
  signal(SIGPIPE, SIG_IGN);

  struct pollfd fds[2] = {
      {.fd = STDIN_FILENO, .events = POLLIN},
      {.fd = from_server[0], .events = POLLIN},
  };
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      perror("pipe-relay: poll");
      break;
    }
    if (fds[0].revents != 0 && !copy(STDIN_FILENO, to_server[1])) {
      /* The client has closed its end: the server sees its stdin end, as it would directly, and
       * what it still writes goes on until it closes its stdout. */
      close(to_server[1]);
      fds[0].fd = -1;
    }
    if (fds[1].revents != 0 && !copy(from_server[0], STDOUT_FILENO)) break;
  }
  int status = 0;
  while (waitpid(server, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
