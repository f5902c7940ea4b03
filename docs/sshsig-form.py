#!/usr/bin/env python3
"""The form check of a pbem log signature (docs/log.md, "Signatures").

`ssh-keygen -Y verify` checks that a signature is genuine. It also accepts a few
other spellings of a genuine signature (hash sha256, rsa-sha2-256, a reserved
field it ignores, SSHSIG version 0, an RSA signature without its leading zero
bytes, an Ed25519 S above the group order), any of which would turn one valid
line into another. pbem accepts a signature exactly when ssh-keygen accepts it
and this script finds it in the one canonical form.

Usage: python3 docs/sshsig-form.py KEY.pub < lines
KEY.pub holds the signer's public key in authorized_keys form ("ssh-ed25519
AAAA... comment"); each line on standard input is a log line, body TAB
signature. Prints one verdict per line; exits 1 if any line fails.
Only the Python standard library is used.
"""

import base64
import struct
import sys

NAMESPACE = b"pbem-log-v1"
# L, the order of the Ed25519 base point (RFC 8032).
ED25519_L = 2**252 + 27742317777372353535851937790883648493


def ssh_string(b):
    return struct.pack(">I", len(b)) + b


def read_string(b, i):
    if len(b) < i + 4:
        raise ValueError("truncated")
    n = struct.unpack(">I", b[i:i + 4])[0]
    if len(b) < i + 4 + n:
        raise ValueError("truncated")
    return b[i + 4:i + 4 + n], i + 4 + n


def mpint(n):
    """The minimal SSH mpint encoding of a non-negative integer."""
    if n == 0:
        return ssh_string(b"")
    b = n.to_bytes((n.bit_length() + 8) // 8, "big")  # a leading zero when the top bit is set
    return ssh_string(b)


def canonical_key(authorized):
    """The key blob as ssh-keygen writes it, and the signature algorithm and
    signature length pbem requires for it."""
    fields = authorized.split()
    blob = base64.b64decode(fields[1], validate=True)
    kind, i = read_string(blob, 0)
    if kind == b"ssh-ed25519":
        pk, i = read_string(blob, i)
        if len(pk) != 32 or i != len(blob):
            raise ValueError("malformed ssh-ed25519 key")
        return ssh_string(kind) + ssh_string(pk), b"ssh-ed25519", 64
    if kind == b"ssh-rsa":
        e, i = read_string(blob, i)
        n, i = read_string(blob, i)
        if i != len(blob):
            raise ValueError("malformed ssh-rsa key")
        e, n = int.from_bytes(e, "big"), int.from_bytes(n, "big")
        return ssh_string(kind) + mpint(e) + mpint(n), b"rsa-sha2-512", (n.bit_length() + 7) // 8
    raise ValueError("key type %r: pbem accepts ssh-ed25519 and ssh-rsa" % kind.decode(errors="replace"))


def check(key, algorithm, size, signature_b64):
    blob = base64.b64decode(signature_b64, validate=True)
    inner_len = 4 + len(algorithm) + 4 + size
    prefix = (b"SSHSIG" + struct.pack(">I", 1) + ssh_string(key) + ssh_string(NAMESPACE)
              + ssh_string(b"") + ssh_string(b"sha512")
              + struct.pack(">I", inner_len) + ssh_string(algorithm) + struct.pack(">I", size))
    if len(blob) != len(prefix) + size or blob[:len(prefix)] != prefix:
        return "not the canonical form (SSHSIG version 1, this key, namespace pbem-log-v1, " \
               "empty reserved field, sha512, %s, %d signature bytes)" % (algorithm.decode(), size)
    if algorithm == b"ssh-ed25519":
        s = int.from_bytes(blob[-32:], "little")
        if s >= ED25519_L:
            return "Ed25519 S is not below the group order"
    return None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        key, algorithm, size = canonical_key(f.read())
    failed = False
    for n, line in enumerate(sys.stdin.buffer, 1):
        line = line.rstrip(b"\n")
        if b"\t" not in line:
            print("line %d: no tab" % n)
            failed = True
            continue
        try:
            problem = check(key, algorithm, size, line.split(b"\t", 1)[1])
        except ValueError as err:
            problem = "signature is not base64: %s" % err
        print("line %d: %s" % (n, problem or "canonical form"))
        failed = failed or problem is not None
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
