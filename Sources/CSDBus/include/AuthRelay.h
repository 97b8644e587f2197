/* SPDX-License-Identifier: Zlib */
#ifndef GAMESOUND_AUTH_RELAY_H
#define GAMESOUND_AUTH_RELAY_H

// A connection to a D-Bus socket for sd-bus that waits out its own authentication.
//
// sd-bus sends its whole SASL handshake (AUTH, NEGOTIATE_UNIX_FD, BEGIN) and its first message
// (Hello) at once, without waiting for the server's answers. A bus daemon copes; Flatpak's
// filtering proxy, xdg-dbus-proxy, before 0.1.6 (Debian 12 has 0.1.4) does not:
// it reads the server's answers as D-Bus messages and drops the connection. The relay sits between
// sd-bus and the socket: it connects to `path`, and a thread of its own copies bytes both ways,
// holding back BEGIN and what the client sends after it until the server has answered every command before
// it (BEGIN included: the proxy takes whatever follows BEGIN for messages). From then on it only copies. Unix file descriptors are not relayed: negotiate none
// (sd_bus_negotiate_fds(bus, 0)).
//
// Returns the client's end of a socketpair (hand it to sd_bus_set_fd, which closes it), or -1 with
// errno set (the socket cannot be reached, no thread). The thread ends, closing both sockets, when
// either side hangs up.
int gamesound_auth_relay_connect(const char *path);

#endif
