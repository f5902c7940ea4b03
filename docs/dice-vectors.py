#!/usr/bin/env python3
"""Test vectors for the pbem dice primitives (docs/dice.md).

Written from the specification alone, with nothing but the Python standard
library (X25519 is written out below from RFC 7748), so that the Go
implementation (logs/dice.go, logs/seal.go) is checked against an
independent computation. Run it and compare with logs/testdata/dice-vectors.json:

    python3 docs/dice-vectors.py | diff - logs/testdata/dice-vectors.json
"""

import hashlib
import hmac
import json
import struct


def sha256(b):
    return hashlib.sha256(b).digest()


def chain(seed, length):
    """Returns [x_0, x_1, ..., x_L] with x_L = seed and x_{i-1} = SHA-256(x_i)."""
    xs = [seed]
    for _ in range(length):
        xs.append(sha256(xs[-1]))
    xs.reverse()
    return xs


def epoch_key(links, game, requester, epoch, request_line):
    key = sha256(b"".join(links))
    msg = (b"pbem-dice-v1" + b"\x00" + game.encode() + b"\x00" + requester.encode()
           + b"\x00" + struct.pack(">Q", epoch) + sha256(request_line))
    return hmac.new(key, msg, hashlib.sha256).digest()


def context(domain, game, seat, epoch):
    return domain + b"\x00" + game.encode() + b"\x00" + seat.encode() + b"\x00" + struct.pack(">Q", epoch)


def sealed_key(inputs, game, drawer, epoch, request_line):
    """Part 4: as epoch_key, with the drawer's secret in place of its link."""
    key = sha256(b"".join(inputs))
    msg = (b"pbem-sealed-v1" + b"\x00" + game.encode() + b"\x00" + drawer.encode()
           + b"\x00" + struct.pack(">Q", epoch) + sha256(request_line))
    return hmac.new(key, msg, hashlib.sha256).digest()


# X25519 (RFC 7748, section 5), for boxes.
P25519 = 2**255 - 19


def x25519(scalar, u):
    k = bytearray(scalar)
    k[0] &= 248
    k[31] &= 127
    k[31] |= 64
    k = int.from_bytes(k, "little")
    x1 = int.from_bytes(u, "little") & ((1 << 255) - 1)
    x2, z2, x3, z3, swap = 1, 0, x1, 1, 0
    for t in reversed(range(255)):
        kt = (k >> t) & 1
        swap ^= kt
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = kt
        a, b = x2 + z2, x2 - z2
        aa, bb = a * a, b * b
        e = aa - bb
        c, d = x3 + z3, x3 - z3
        da, cb = d * a, c * b
        x3 = (da + cb) ** 2 % P25519
        z3 = x1 * (da - cb) ** 2 % P25519
        x2 = aa * bb % P25519
        z2 = e * (aa + 121665 * e) % P25519
    if swap:
        x2, z2 = x3, z3
    return (x2 * pow(z2, P25519 - 2, P25519) % P25519).to_bytes(32, "little")


BASE = (9).to_bytes(32, "little")

# RFC 7748, 5.2: the implementation above must give the RFC's answer.
assert x25519(bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
              bytes.fromhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")) == \
    bytes.fromhex("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")


def seal_box(secret, receiver_key, game, receiver, epoch):
    """Part 4.4: returns (drawer's one-time private key, its public key, z, pad, box)."""
    ctx = context(b"pbem-box-v1", game, receiver, epoch)
    d = hmac.new(secret, ctx, hashlib.sha256).digest()
    d_pub = x25519(d, BASE)
    z = x25519(d, receiver_key)
    assert z != bytes(32)
    pad = hmac.new(z, ctx + d_pub + receiver_key, hashlib.sha256).digest()
    return d, d_pub, z, pad, bytes(x ^ y for x, y in zip(secret, pad))


class Stream:
    def __init__(self, key):
        self.key = key
        self.used = 0

    def candidate(self):
        block = hmac.new(self.key, b"roll" + struct.pack(">Q", self.used), hashlib.sha256).digest()
        self.used += 1
        return struct.unpack(">Q", block[:8])[0]

    def roll(self, n):
        lim = 2**64 - (2**64 % n)
        while True:
            x = self.candidate()
            if x < lim:
                return x % n + 1

    def shuffle(self, n):
        a = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.roll(i + 1) - 1
            a[i], a[j] = a[j], a[i]
        return a


def draw(key, sides):
    s = Stream(key)
    return [s.roll(n) for n in sides]


def main():
    seed_a = bytes(range(0x00, 0x20))
    seed_b = bytes(range(0x20, 0x40))

    a = chain(seed_a, 8)
    b = chain(seed_b, 8)
    big = chain(seed_a, 1 << 16)

    request_line = (b'{"by":"allied","commands":["attack 2613 from 2512 2612"],"game":"g-test",'
                    b'"kind":"act","prev":"sha256:' + b"0" * 64 + b'","request":1,"seq":5,'
                    b'"state":"sha256:' + b"1" * 64 + b'","ts":"2024-06-06T06:30:00Z","v":1}'
                    b'\tU1NIU0lHAAAAAQ==\n')
    key = epoch_key([a[1], b[1]], "g-test", "allied", 1, request_line)

    out = {}
    out["chains"] = [
        {
            "seed": seed.hex(),
            "length": length,
            "head": "sha256:" + xs[0].hex(),
            "links": [{"i": i, "link": xs[i].hex()} for i in idx],
        }
        for seed, length, xs, idx in [
            (seed_a, 8, a, [1, 2, 3, 8]),
            (seed_b, 8, b, [1]),
            (seed_a, 1 << 16, big, [1, 2, 1023, 1024, 1025, 2048, 65535, 65536]),
        ]
    ]
    out["epoch"] = {
        "game": "g-test",
        "requester": "allied",
        "epoch": 1,
        "links": [a[1].hex(), b[1].hex()],
        "request_line": request_line.decode(),
        # Intermediate values, to help debug another implementation.
        "hmac_key": sha256(a[1] + b[1]).hex(),
        "request_line_sha256": sha256(request_line).hex(),
        "key": key.hex(),
    }

    # Every draw list starts from a fresh stream of the epoch key (j = 0).
    draws = []
    for name, sides in [
        ("20 d6", [6] * 20),
        ("10 d7", [7] * 10),
        ("2d6 then d10 then d100", [6, 6, 10, 100]),
        # n = 2^63+1: 2^64 mod n = 2^63-1, so about half the candidates are rejected.
        ("10 draws of 1..2^63+1", [2**63 + 1] * 10),
        # n = 2^62+1: 2^64 mod n = 2^62-3, so about a quarter are rejected.
        ("10 draws of 1..2^62+1", [2**62 + 1] * 10),
    ]:
        s = Stream(key)
        values = [s.roll(n) for n in sides]
        draws.append({
            "name": name,
            "sides": [str(n) for n in sides],
            "values": [str(v) for v in values],
            "used": s.used,
        })
    out["draws"] = draws

    s = Stream(key)
    out["candidates"] = [str(s.candidate()) for _ in range(8)]

    s = Stream(key)
    out["shuffle"] = {"n": 10, "perm": s.shuffle(10), "used": s.used}

    # Part 4: a sealed draw. Seats [allied, german]; allied draws, with the
    # secret 40 41 ... 5f; german answers with x_1 of chain B.
    secret = bytes(range(0x40, 0x60))
    commit = "sha256:" + sha256(secret).hex()
    sealed_line = (b'{"by":"allied","commands":["look"],"game":"g-test","kind":"act","prev":"sha256:' + b"2" * 64
                   + b'","request":2,"seal":"' + commit.encode() + b'","seq":9,"state":"sha256:' + b"3" * 64
                   + b'","ts":"2024-06-06T07:00:00Z","v":1}\tU1NIU0lHAAAAAQ==\n')
    skey = sealed_key([secret, b[1]], "g-test", "allied", 2, sealed_line)
    # german looks too: its box key comes from its seed, as pbem makes it.
    receiver_secret = hmac.new(seed_b, context(b"pbem-box-key-v1", "g-test", "german", 2), hashlib.sha256).digest()
    receiver_key = x25519(receiver_secret, BASE)
    d, d_pub, z, pad, box = seal_box(secret, receiver_key, "g-test", "german", 2)
    out["sealed"] = {
        "game": "g-test",
        "drawer": "allied",
        "epoch": 2,
        "secret": secret.hex(),
        "commit": commit,
        "inputs": [secret.hex(), b[1].hex()],
        "request_line": sealed_line.decode(),
        "hmac_key": sha256(secret + b[1]).hex(),
        "request_line_sha256": sha256(sealed_line).hex(),
        "key": skey.hex(),
        # Each from a fresh stream of the sealed key.
        "draws": [{"sides": sides, "values": draw(skey, sides)} for sides in ([22], [6, 6, 6])],
        # pbem's way of making the drawer's secret from its chain seed (seed A).
        "secret_from_seed_a": hmac.new(seed_a, context(b"pbem-sealed-secret-v1", "g-test", "allied", 2),
                                       hashlib.sha256).digest().hex(),
        "box": {
            "receiver": "german",
            "receiver_secret": receiver_secret.hex(),
            "receiver_key": receiver_key.hex(),
            "drawer_secret": d.hex(),
            "drawer_key": d_pub.hex(),
            "shared": z.hex(),
            "pad": pad.hex(),
            "box": box.hex(),
        },
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
