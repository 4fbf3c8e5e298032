"""pymongo over `kursus layani --mongo`: a `find` whose reply is one batch of 101
documents, and the lesson's reverse query (students of one course, through the multikey
index on `mataKuliahId`), both at N students (1,000,000 by default).

    kursus layani --mongo 27017 &
    python runner/benches/mongo_wire.py mongodb://127.0.0.1:27017/ [N] [ROUNDS]

Compare with the same query in process: `cargo bench --bench mongo_wire`."""

import statistics
import sys
import time

from pymongo import MongoClient

COURSES = 200


def students(count):
    state = 0x9E3779B97F4A7C15
    for i in range(count):
        state ^= (state << 13) & 0xFFFFFFFFFFFFFFFF
        state ^= state >> 7
        state ^= (state << 17) & 0xFFFFFFFFFFFFFFFF
        n = 1 + state % 10
        courses = [f"MK{(state >> k) % COURSES:03}" for k in range(n)]
        yield {"_id": f"M{i:07}", "nama": f"Mahasiswa {i}", "angkatan": 2019 + i % 6,
               "mataKuliahId": courses}


def load(coll, count):
    coll.drop()
    batch = []
    for doc in students(count):
        batch.append(doc)
        if len(batch) == 10_000:
            coll.insert_many(batch, ordered=False)
            batch = []
    if batch:
        coll.insert_many(batch, ordered=False)
    coll.create_index("mataKuliahId")


def timed(label, rounds, run):
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        n = run()
        times.append(time.perf_counter() - started)
    median = statistics.median(times) * 1000
    print(f"{label}: {n} documents, median {median:.2f} ms over {rounds} rounds")


def main(url, count, rounds):
    coll = MongoClient(url).kampus.mahasiswa
    started = time.perf_counter()
    load(coll, count)
    print(f"loaded {count} students in {time.perf_counter() - started:.1f} s")
    timed("find, one batch of 101", rounds, lambda: len(list(coll.find({}).limit(101))))
    timed("reverse query MK042 (IXSCAN), all documents", rounds,
          lambda: len(list(coll.find({"mataKuliahId": "MK042"}))))


if __name__ == "__main__":
    url = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    main(url, count, rounds)
