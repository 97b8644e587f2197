/* SPDX-License-Identifier: Zlib */
#include "AuthRelay.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

// How the relay reads the handshake: the client's commands sent and not yet answered, and whether
// BEGIN has passed.
typedef struct relay {
    int client, server;
    int authenticated;          // BEGIN passed and every command before it answered: copy only
    int begun;                  // the client sent BEGIN; it and what follows wait in `held`
    int unanswered;             // commands sent to the server that it has not answered yet
    int first_byte_sent;        // the client's leading NUL byte (the credentials byte) passed
    char *client_line; size_t client_line_length;   // an incomplete command line from the client
    char *server_line; size_t server_line_length;   // an incomplete answer line from the server
    char *held; size_t held_length;                 // the client's bytes after BEGIN
} relay;

static int write_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t written = send(fd, data, length, MSG_NOSIGNAL);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        data += written;
        length -= (size_t)written;
    }
    return 0;
}

static int append(char **buffer, size_t *length, const char *data, size_t count) {
    char *grown = realloc(*buffer, *length + count);
    if (!grown) return -1;
    memcpy(grown + *length, data, count);
    *buffer = grown;
    *length += count;
    return 0;
}

// Once the client has sent BEGIN and the server has answered every command before it: BEGIN and
// what followed go to the server, and from then on the relay only copies.
static int release_if_answered(relay *r) {
    if (!r->begun || r->unanswered > 0) return 0;
    if (r->held_length > 0 && write_all(r->server, r->held, r->held_length) < 0) return -1;
    r->authenticated = 1;
    free(r->held); r->held = NULL; r->held_length = 0;
    return 0;
}

// The client's bytes during the handshake: whole command lines go to the server, each awaiting one
// answer; from BEGIN on everything is held.
static int from_client(relay *r, const char *data, size_t count) {
    if (!r->first_byte_sent && count > 0) {
        if (write_all(r->server, data, 1) < 0) return -1;
        r->first_byte_sent = 1;
        data++;
        count--;
    }
    if (r->begun) return append(&r->held, &r->held_length, data, count);
    if (append(&r->client_line, &r->client_line_length, data, count) < 0) return -1;
    for (;;) {
        char *end = NULL;
        for (size_t i = 0; i + 1 < r->client_line_length; i++) {
            if (r->client_line[i] == '\r' && r->client_line[i + 1] == '\n') { end = r->client_line + i + 2; break; }
        }
        if (!end) return 0;
        size_t line = (size_t)(end - r->client_line);
        if (line == 7 && memcmp(r->client_line, "BEGIN\r\n", 7) == 0) {
            // BEGIN itself waits too: the proxy takes the bytes after it as messages, and the
            // server's answers still to come must reach the client first.
            r->begun = 1;
            int failed = append(&r->held, &r->held_length, r->client_line, r->client_line_length);
            r->client_line_length = 0;
            return failed < 0 ? -1 : release_if_answered(r);
        }
        if (write_all(r->server, r->client_line, line) < 0) return -1;
        r->unanswered++;
        size_t rest = r->client_line_length - line;
        memmove(r->client_line, end, rest);
        r->client_line_length = rest;
    }
}

// The server's bytes during the handshake: passed on at once, each whole line answering one command;
// once BEGIN has passed and nothing is unanswered, the held bytes follow and the relay only copies.
static int from_server(relay *r, const char *data, size_t count) {
    if (write_all(r->client, data, count) < 0) return -1;
    if (append(&r->server_line, &r->server_line_length, data, count) < 0) return -1;
    size_t start = 0;
    for (size_t i = 0; i + 1 < r->server_line_length; i++) {
        if (r->server_line[i] == '\r' && r->server_line[i + 1] == '\n') {
            if (r->unanswered > 0) r->unanswered--;
            start = i + 2;
        }
    }
    memmove(r->server_line, r->server_line + start, r->server_line_length - start);
    r->server_line_length -= start;
    return release_if_answered(r);
}

static void *run(void *argument) {
    relay *r = argument;
    char buffer[65536];
    for (;;) {
        struct pollfd fds[2] = {{r->client, POLLIN, 0}, {r->server, POLLIN, 0}};
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        int failed = 0;
        for (int side = 0; side < 2 && !failed; side++) {
            if (!(fds[side].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t count = recv(fds[side].fd, buffer, sizeof buffer, 0);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) { failed = 1; break; }
            if (r->authenticated) {
                failed = write_all(side == 0 ? r->server : r->client, buffer, (size_t)count) < 0;
            } else {
                failed = (side == 0 ? from_client(r, buffer, (size_t)count) : from_server(r, buffer, (size_t)count)) < 0;
            }
        }
        if (failed) break;
    }
    close(r->client);
    close(r->server);
    free(r->client_line);
    free(r->server_line);
    free(r->held);
    free(r);
    return NULL;
}

int gamesound_auth_relay_connect(const char *path) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(address.sun_path, path);
    int server = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (server < 0) return -1;
    if (connect(server, (struct sockaddr *)&address, sizeof address) < 0) {
        int saved = errno;
        close(server);
        errno = saved;
        return -1;
    }
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0) {
        int saved = errno;
        close(server);
        errno = saved;
        return -1;
    }
    relay *r = calloc(1, sizeof *r);
    pthread_attr_t attributes;
    pthread_t thread;
    int started = r && pthread_attr_init(&attributes) == 0;
    if (started) {
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        r->client = pair[1];
        r->server = server;
        started = pthread_create(&thread, &attributes, run, r) == 0;
        pthread_attr_destroy(&attributes);
    }
    if (!started) {
        free(r);
        close(pair[0]); close(pair[1]); close(server);
        errno = EAGAIN;
        return -1;
    }
    return pair[0];
}
