"""pymongo against `kursus layani --mongo`: CRUD, indexes, explain, aggregation, a cursor
over several getMore batches, killCursors, a duplicate key as DuplicateKeyError, a view and
a validator's warning read back with getLog, a load test (50 clients x 1,000 mixed
commands) that must lose no acknowledged write, the streaming (awaitable) hello of
pymongo's server monitor, and unacknowledged (w: 0) writes.

Usage: python pymongo_wire.py mongodb://127.0.0.1:PORT/ [crud|load|stream|w0]
Prints OK and exits 0 when every check holds; an AssertionError otherwise."""

import json
import sys
import threading
import time

import pymongo
from bson.int64 import Int64
from bson.objectid import ObjectId
from pymongo import MongoClient, monitoring
from pymongo import DeleteOne, InsertOne, UpdateOne, WriteConcern
from pymongo.errors import DuplicateKeyError, InvalidOperation, OperationFailure


def crud(url):
    client = MongoClient(url, serverSelectionTimeoutMS=5000)
    db = client.kampus
    assert client.server_info()["version"].startswith("7.0"), client.server_info()
    mhs = db.mahasiswa
    inserted = mhs.insert_one({"nim": "1", "nama": "Budi", "angkatan": 2021})
    assert inserted.acknowledged and inserted.inserted_id is not None
    many = mhs.insert_many([{"nim": str(i), "nama": f"M{i}", "angkatan": 2020 + i % 4}
                            for i in range(2, 251)])
    assert len(many.inserted_ids) == 249
    assert mhs.find_one({"nim": "1"})["nama"] == "Budi"
    updated = mhs.update_one({"nim": "1"}, {"$set": {"nama": "Budi Santoso"}})
    assert (updated.matched_count, updated.modified_count) == (1, 1)
    assert mhs.find_one({"nim": "1"}, {"_id": 0, "nama": 1}) == {"nama": "Budi Santoso"}
    assert mhs.count_documents({"angkatan": 2021}) == len(
        [i for i in range(1, 251) if (i == 1 or 2020 + i % 4 == 2021)])
    deleted = mhs.delete_many({"angkatan": 2023})
    assert deleted.deleted_count == len([i for i in range(2, 251) if i % 4 == 3])
    after = mhs.find_one_and_update({"nim": "2"}, {"$inc": {"angkatan": 10}},
                                    return_document=pymongo.ReturnDocument.AFTER)
    assert after["angkatan"] == 2032, after
    assert sorted(mhs.distinct("angkatan")) == [2020, 2021, 2022, 2032]

    # Indexes and explain.
    name = mhs.create_index([("nim", 1)], unique=True)
    assert name == "nim_1"
    assert "nim_1" in mhs.index_information()
    plan = mhs.find({"nim": "5"}).explain()
    winning = plan["queryPlanner"]["winningPlan"]
    assert "IXSCAN" in str(winning), winning
    try:
        mhs.insert_one({"nim": "1"})
        raise AssertionError("duplicate nim accepted")
    except DuplicateKeyError as error:
        assert error.code == 11000, error.details
    mhs.drop_index("nim_1")
    assert "nim_1" not in mhs.index_information()

    # Aggregation.
    groups = list(mhs.aggregate([{"$group": {"_id": "$angkatan", "n": {"$sum": 1}}},
                                 {"$sort": {"_id": 1}}]))
    assert [g["_id"] for g in groups] == [2020, 2021, 2022, 2032], groups
    assert sum(g["n"] for g in groups) == mhs.count_documents({})

    # A cursor over several batches: getMore until done, then one killed early.
    total = mhs.count_documents({})
    seen = [d["nim"] for d in mhs.find({}, batch_size=7).sort("nim", 1)]
    assert len(seen) == total and seen == sorted(seen), (len(seen), total)
    cursor = mhs.find({}, batch_size=5)
    next(cursor)
    cursor_id = cursor.cursor_id
    assert cursor_id, "the first batch should leave the cursor open"
    killed = db.command("killCursors", "mahasiswa", cursors=[cursor_id])
    assert killed["cursorsKilled"] == [cursor_id], killed
    try:
        db.command("getMore", cursor_id, collection="mahasiswa")
        raise AssertionError("getMore on a killed cursor")
    except OperationFailure as error:
        assert error.code == 43, error.details

    # Admin commands drivers and tools ask for.
    assert "kampus" in client.list_database_names()
    assert "mahasiswa" in db.list_collection_names()
    assert db.command("dbStats")["objects"] == total
    try:
        db.command("frobnicate")
        raise AssertionError("unknown command accepted")
    except OperationFailure as error:
        assert (error.code, error.details["codeName"]) == (59, "CommandNotFound")
    db.drop_collection("mahasiswa")
    assert "mahasiswa" not in db.list_collection_names()

    # A view, and a validator's warning read back with getLog: one log, the engine's.
    db.create_collection("nilai", validator={"skor": {"$lte": 100}}, validationAction="warn")
    db.nilai.insert_many([{"_id": 1, "skor": 80}, {"_id": 2, "skor": 120}, {"_id": 3, "skor": 50}])
    db.command("create", "lulus", viewOn="nilai", pipeline=[{"$match": {"skor": {"$gte": 70}}}])
    assert [d["_id"] for d in db.lulus.find().sort("_id", 1)] == [1, 2]
    assert db.lulus.count_documents({}) == 2
    views = list(db.list_collections(filter={"type": "view"}))
    assert views[0]["options"]["viewOn"] == "nilai", views
    try:
        db.lulus.insert_one({"skor": 90})
        raise AssertionError("insert into a view accepted")
    except OperationFailure as error:
        assert error.code == 166, error.details
    lines = [json.loads(line) for line in client.admin.command("getLog", "global")["log"]]
    warned = [line["attr"] for line in lines if line["id"] == 20294]
    assert [w["document"]["_id"] for w in warned] == [2], lines
    assert warned[0]["namespace"] == "kampus.nilai", warned


CLIENTS = 50
COMMANDS = 1000


def one_client(url, client_no, acknowledged, failures):
    try:
        client = MongoClient(url, maxPoolSize=1, serverSelectionTimeoutMS=10000)
        coll = client.muat.tulis
        mine = []
        for i in range(COMMANDS):
            key = f"{client_no}-{i}"
            kind = i % 4
            if kind in (0, 1):
                coll.insert_one({"_id": key, "klien": client_no, "n": i})
                mine.append(key)
            elif kind == 2 and mine:
                coll.update_one({"_id": mine[-1]}, {"$set": {"diubah": True}})
            else:
                coll.find_one({"_id": mine[-1]} if mine else {})
        acknowledged[client_no] = mine
        client.close()
    except Exception as error:  # reported below: a thread cannot fail the run itself
        failures.append(f"client {client_no}: {error!r}")


def load(url):
    acknowledged, failures = {}, []
    started = time.monotonic()
    threads = [threading.Thread(target=one_client, args=(url, n, acknowledged, failures))
               for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    took = time.monotonic() - started
    assert not failures, failures[:3]
    coll = MongoClient(url).muat.tulis
    stored = {d["_id"] for d in coll.find({}, {"_id": 1})}
    wanted = {key for keys in acknowledged.values() for key in keys}
    assert len(wanted) == CLIENTS * COMMANDS // 2, len(wanted)
    missing = wanted - stored
    assert not missing, sorted(missing)[:5]
    print(f"load: {CLIENTS} x {COMMANDS} commands in {took:.1f} s")


HEARTBEAT_S = 0.5
WATCHED_S = 4.0


class Heartbeats(monitoring.ServerHeartbeatListener):
    """Every heartbeat the monitor sends, as (awaited, seconds) or a failure."""

    def __init__(self):
        self.answered, self.failures = [], []

    def started(self, event):
        pass

    def succeeded(self, event):
        self.answered.append((event.awaited, event.duration))

    def failed(self, event):
        self.failures.append(repr(event.reply))


def stream(url):
    """The server sends topologyVersion, stable for its life; pymongo's monitor then
    streams hello with maxAwaitTimeMS = heartbeatFrequencyMS, and the server must hold
    each reply that long: answered at once, the monitor would ask again at once."""
    heartbeats = Heartbeats()
    client = MongoClient(url, heartbeatFrequencyMS=int(HEARTBEAT_S * 1000),
                         serverSelectionTimeoutMS=5000, event_listeners=[heartbeats])
    first = client.admin.command("hello")["topologyVersion"]
    assert isinstance(first["processId"], ObjectId), first
    assert isinstance(first["counter"], Int64) and first["counter"] == 0, first
    client.kampus.c.insert_one({"_id": 1})
    started = time.monotonic()
    while time.monotonic() - started < WATCHED_S:
        # Other commands are served while the monitor's hello waits on its own connection.
        assert client.kampus.c.find_one({"_id": 1}) == {"_id": 1}
        time.sleep(0.1)
    assert client.admin.command("hello")["topologyVersion"] == first
    client.close()
    assert not heartbeats.failures, heartbeats.failures
    awaited = [took for was_awaited, took in heartbeats.answered if was_awaited]
    assert len(awaited) >= 3, heartbeats.answered
    assert all(took >= HEARTBEAT_S * 0.8 for took in awaited), heartbeats.answered
    # One awaited heartbeat per period, a few polls at the start: no busy loop.
    most = WATCHED_S / HEARTBEAT_S + 4
    assert len(heartbeats.answered) <= most, heartbeats.answered


def unacknowledged(url):
    """w: 0 as an int and as an Int64: every write is done, no result carries a count,
    findOneAnd* gives nothing back. One connection, so the reads come after the writes."""
    client = MongoClient(url, serverSelectionTimeoutMS=5000, maxPoolSize=1)
    coll = client.uji.w0
    for w in (0, Int64(0)):
        coll.drop()
        quiet = coll.with_options(write_concern=WriteConcern(w=w))
        assert quiet.insert_one({"_id": 1, "a": 0}).acknowledged is False
        bulk = quiet.bulk_write([InsertOne({"_id": 2}), UpdateOne({"_id": 1}, {"$inc": {"a": 1}}),
                                 DeleteOne({"_id": 2})])
        assert bulk.acknowledged is False
        try:
            bulk.inserted_count
            raise AssertionError("an unacknowledged bulk write knows its counts")
        except InvalidOperation:
            pass
        assert quiet.find_one_and_update({"_id": 1}, {"$set": {"b": 2}}) is None
        assert quiet.find_one_and_replace({"_id": 1}, {"a": 5}) is None
        assert list(coll.find()) == [{"_id": 1, "a": 5}], list(coll.find())
        assert quiet.find_one_and_delete({"_id": 1}) is None
        assert coll.count_documents({}) == 0
    client.close()


if __name__ == "__main__":
    {"crud": crud, "load": load, "stream": stream, "w0": unacknowledged}[sys.argv[2]](sys.argv[1])
    print("OK")
