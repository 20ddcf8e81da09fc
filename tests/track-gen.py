#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Write Phoronix Test Suite result files for `track`'s tests and bench.

    track-gen.py DIR issue          60 files, one system, one fio test, N = 3
                                    runs with 2 % noise, -8 % from file 31
                                    (kernel 6.6.8 -> 6.7.1), +5 % from file
                                    46 (nothing stated changes)
    track-gen.py DIR steps K [LEN]  K tests of one system in LEN files (default
                                    60), each one step of 5-20 % (up or down)
                                    at its own place; DIR/truth.tsv: the job
                                    count naming the test, and the position
    track-gen.py DIR noise K [LEN]  K tests, no step at all
    track-gen.py DIR multi K LEN    K tests of one system in LEN files, each
                                    with 0-3 steps of 5-20 %, 30 points apart;
                                    DIR/truth.tsv: job count, positions
    track-gen.py DIR fleet M NIGHTS TESTS FIRST COUNT
                                    M machines, NIGHTS files each of TESTS
                                    tests (+10 % and a new kernel at 3/4):
                                    the files FIRST to FIRST+COUNT-1 of the
                                    M x NIGHTS, so a large store is written
                                    in slices

Fixed seeds: the same arguments always write the same bytes. Files are
named in an order unrelated to their time, so that only each system's
TimeStamp can order them.
"""
import os
import random
import sys


def header(out, i):
    out.append('<?xml version="1.0"?>\n<!--Phoronix Test Suite v10.8.4-->\n'
               '<PhoronixTestSuite>\n  <Generated>\n'
               f'    <Title>Nightly {i + 1:05d}</Title>\n'
               f'    <LastModified>{stamp(i)}</LastModified>\n'
               '    <TestClient>Phoronix Test Suite v10.8.4</TestClient>\n'
               '    <Description>Nightly storage run</Description>\n'
               '  </Generated>\n')


def stamp(i):
    # One run a night from 2024-01-01; months of 28 days keep it simple.
    day = i % 28 + 1
    month = i // 28 % 12 + 1
    year = 2024 + i // (28 * 12)
    return f'{year:04d}-{month:02d}-{day:02d} 03:00:00'


def system(out, ident, kernel, i):
    out.append('  <System>\n'
               f'    <Identifier>{ident}</Identifier>\n'
               '    <Hardware>Processor: AMD Ryzen 9 7950X 16-Core @ 5.88GHz (16 Cores / 32 Threads), '
               'Memory: 2 x 16GB DRAM-6000MT/s, Disk: 2000GB Samsung SSD 980 PRO 2TB</Hardware>\n'
               f'    <Software>OS: Ubuntu 23.10, Kernel: {kernel}-generic (x86_64), '
               'Compiler: GCC 13.2.0, File-System: ext4</Software>\n'
               '    <User>bench</User>\n'
               f'    <TimeStamp>{stamp(i)}</TimeStamp>\n'
               '    <TestClientVersion>10.8.4</TestClientVersion>\n'
               '    <Notes></Notes>\n'
               '    <JSON>{"disk-scheduler":"NONE","disk-mount-options":"relatime,rw"}</JSON>\n'
               '  </System>\n')


def result(out, args, desc, entries):
    out.append('  <Result>\n    <Identifier>pts/fio-2.1.0</Identifier>\n'
               '    <Title>Flexible IO Tester</Title>\n    <AppVersion>3.36</AppVersion>\n'
               f'    <Arguments>{args}</Arguments>\n'
               f'    <Description>{desc}</Description>\n'
               '    <Scale>MB/s</Scale>\n    <Proportion>HIB</Proportion>\n'
               '    <DisplayFormat>BAR_GRAPH</DisplayFormat>\n    <Data>\n')
    for ident, runs in entries:
        value = sum(runs) / len(runs)
        raw = ':'.join(f'{r:.2f}' for r in runs)
        out.append(f'      <Entry>\n        <Identifier>{ident}</Identifier>\n'
                   f'        <Value>{value:.2f}</Value>\n'
                   f'        <RawString>{raw}</RawString>\n      </Entry>\n')
    out.append('    </Data>\n  </Result>\n')


def runs(rng, level, n=3, noise=0.02):
    return [level * (1 + rng.gauss(0, noise)) for _ in range(n)]


def write(d, names, i, out):
    with open(os.path.join(d, names[i]), 'w') as f:
        f.write(''.join(out) + '</PhoronixTestSuite>\n')


def file_names(rng, n):
    tags = list(range(n))
    rng.shuffle(tags)
    return [f'run-{t:05d}.xml' for t in tags]


def issue(d):
    rng = random.Random(34)
    n = 60
    names = file_names(rng, n)
    for i in range(n):
        level = 2000.0 * (0.92 if i >= 30 else 1) * (1.05 if i >= 45 else 1)
        out = []
        header(out, i)
        system(out, 'nvme0', '6.7.1' if i >= 30 else '6.6.8', i)
        result(out, 'write libaio 1 0 1m 1', 'Type: Sequential Write - Engine: Linux AIO - '
               'Direct: Yes - Block Size: 1MB - Job Count: 1', [('nvme0', runs(rng, level))])
        write(d, names, i, out)


def many(d, k, n, step):
    rng = random.Random(3400 + (1 if step else 2))
    names = file_names(rng, n)
    at = []
    size = []
    for s in range(k):
        at.append(rng.randint(11, n - 10) if step else n + 1)
        size.append(rng.choice((-1, 1)) * rng.uniform(0.05, 0.20))
    if step:
        with open(os.path.join(d, 'truth.tsv'), 'w') as f:
            for s in range(k):
                f.write(f'{s + 1:03d}\t{at[s]}\n')
    for i in range(n):
        out = []
        header(out, i)
        system(out, 'nvme0', '6.6.8', i)
        for s in range(k):
            level = 1000.0 * (1 + size[s] if i + 1 >= at[s] else 1)
            result(out, f'read libaio 1 0 1m {s + 1}', 'Type: Sequential Read - Engine: Linux AIO - '
                   f'Direct: Yes - Block Size: 1MB - Job Count: {s + 1:03d}',
                   [('nvme0', runs(rng, level))])
        write(d, names, i, out)


def multi(d, k, n):
    rng = random.Random(3404)
    names = file_names(rng, n)
    steps = []
    for s in range(k):
        at = []
        for _ in range(rng.randint(0, 3)):
            p = rng.randint(20, n - 20)
            if all(abs(p - q) >= 30 for q in at):
                at.append(p)
        steps.append({p: rng.choice((-1, 1)) * rng.uniform(0.05, 0.20) for p in at})
    with open(os.path.join(d, 'truth.tsv'), 'w') as f:
        for s in range(k):
            f.write(f'{s + 1:03d}\t{" ".join(map(str, sorted(steps[s])))}\n')
    level = [1000.0] * k
    for i in range(n):
        out = []
        header(out, i)
        system(out, 'nvme0', '6.6.8', i)
        for s in range(k):
            if i + 1 in steps[s]:
                level[s] *= 1 + steps[s][i + 1]
            result(out, f'read libaio 1 0 1m {s + 1}', 'Type: Sequential Read - Engine: Linux AIO - '
                   f'Direct: Yes - Block Size: 1MB - Job Count: {s + 1:03d}',
                   [('nvme0', runs(rng, level[s]))])
        write(d, names, i, out)


def fleet(d, machines, nights, tests, first, count):
    # File j is night j // machines of machine j % machines; each file's
    # noise comes from its own seed, so a slice is the same in any batch.
    for j in range(first, min(first + count, machines * nights)):
        rng = random.Random(3405 * 1000003 + j)
        m, night = j % machines, j // machines
        out = []
        header(out, night)
        system(out, f'm{m:03d}', '6.6.8' if night < nights * 3 // 4 else '6.7.1', night)
        level = 1000.0 * (1.1 if night >= nights * 3 // 4 else 1)
        for t in range(tests):
            result(out, f'randread libaio 1 0 {t + 1}k 1', 'Type: Random Read - Engine: Linux AIO - '
                   f'Direct: Yes - Block Size: {t + 1}KB - Job Count: 1',
                   [(f'm{m:03d}', runs(rng, level, 1))])
        with open(os.path.join(d, f'set-{j:06d}.xml'), 'w') as f:
            f.write(''.join(out) + '</PhoronixTestSuite>\n')


def main():
    d, mode = sys.argv[1], sys.argv[2]
    os.makedirs(d, exist_ok=True)
    if mode == 'issue':
        issue(d)
    elif mode in ('steps', 'noise'):
        n = int(sys.argv[4]) if len(sys.argv) > 4 else 60
        many(d, int(sys.argv[3]), n, mode == 'steps')
    elif mode == 'multi':
        multi(d, int(sys.argv[3]), int(sys.argv[4]))
    elif mode == 'fleet':
        fleet(d, *(int(a) for a in sys.argv[3:8]))
    else:
        sys.exit(f'track-gen.py: unknown mode {mode}')


main()
