#!/usr/bin/env python3
"""Test vectors for the pbem dice primitives (docs/dice.md).

Written from the specification alone, with nothing but the Python standard
library, so that the Go implementation (logs/dice.go) is checked against an
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

    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
