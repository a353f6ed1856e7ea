#!/usr/bin/env python3
"""Issue 39's output-bound check at full size: 4,200 spectators that never read, from 70
loopback addresses, over 10 Klondike races of 8 players who read (80 players from 10
addresses, each drawing 50 times a second), against a cardserver with its default options
on a fresh data folder. Prints how many players and spectators the server cut off, its RSS
and its connection metrics. A player cut off is the failure it looks for.

    /usr/bin/python3 Scripts/spectators-4200.py .build/release/cardserver [SECONDS]

Needs 4,300 descriptors (ulimit -n) and 127.0.0.0/8 on lo, as Linux has by default. A
measurement, not a test: it takes a minute of both cores (docs/BENCHMARKS.md)."""
import json, os, selectors, socket, subprocess, sys, tempfile, time, re, urllib.request

binary = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 30
data = tempfile.mkdtemp(prefix='spectators-4200-')
proc = subprocess.Popen([binary, '--host', '127.0.0.1', '--port', '0', '--data', data + '/d'], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
port = None
for line in proc.stderr:
    m = re.search(r'listening on 127\.0\.0\.1:(\d+)', line)
    if m:
        port = int(m.group(1)); break
import threading
log = []
threading.Thread(target=lambda: [log.append(l) for l in proc.stderr], daemon=True).start()

def connect(src):
    s = socket.socket()
    s.bind((src, 0))
    s.connect(('127.0.0.1', port))
    return s

def rss():
    for l in open(f'/proc/{proc.pid}/status'):
        if l.startswith('VmRSS'): return int(l.split()[1]) // 1024

class Player:
    def __init__(self, src, name):
        self.s = connect(src); self.name = name; self.buf = b''; self.lines = []; self.closed = False
        self.s.sendall(json.dumps({'type': 'login', 'name': name}).encode() + b'\n')
    def read_until(self, pred, timeout=20):
        end = time.time() + timeout
        self.s.settimeout(0.5)
        while time.time() < end:
            for i, l in enumerate(self.lines):
                if pred(l):
                    del self.lines[:i + 1]; return l
            try:
                chunk = self.s.recv(1 << 20)
            except socket.timeout:
                continue
            if not chunk: raise RuntimeError(f'{self.name}: closed')
            self.buf += chunk
            *ls, self.buf = self.buf.split(b'\n')
            self.lines += [json.loads(x) for x in ls if x]
        raise RuntimeError(f'{self.name}: timed out')

races = []
for r in range(10):
    src = f'127.5.{r}.1'
    ps = [Player(src, f'r{r}p{i}') for i in range(8)]
    for p in ps: p.read_until(lambda l: l.get('type') == 'welcome')
    ps[0].s.sendall(b'{"type":"create","game":"klondike","seats":8}\n')
    code = ps[0].read_until(lambda l: l.get('type') == 'joined')['room']
    for p in ps[1:]:
        p.s.sendall(json.dumps({'type': 'join', 'room': code}).encode() + b'\n')
        p.read_until(lambda l: l.get('type') == 'joined')
    for p in ps: p.read_until(lambda l: l.get('type') == 'state' and l.get('phase') == 'playing', timeout=60)
    races.append((code, ps))
print(f'10 races of 8 dealt; RSS {rss()} MiB', flush=True)

spectators = []
for a in range(70):
    for i in range(60):
        n = a * 60 + i
        s = connect(f'127.6.{a}.1')
        code = races[n % 10][0]
        s.sendall(json.dumps({'type': 'login', 'name': f's{n}'}).encode() + b'\n' + json.dumps({'type': 'watch', 'room': code}).encode() + b'\n')
        spectators.append(s)
print(f'4,200 spectators watching (they never read); RSS {rss()} MiB', flush=True)

sel = selectors.DefaultSelector()
players = [p for _, ps in races for p in ps]
for p in players:
    p.s.setblocking(False); sel.register(p.s, selectors.EVENT_READ, p)
start = time.time(); next_draw = start; draws = 0; peak = 0; received = 0
while time.time() - start < seconds:
    now = time.time()
    if now >= next_draw:
        for p in players:
            if not p.closed:
                try:
                    p.s.send(b'{"type":"draw"}\n'); draws += 1
                except OSError:
                    p.closed = True
        next_draw += 0.02
    for key, _ in sel.select(timeout=max(0, next_draw - time.time())):
        p = key.data
        try:
            chunk = p.s.recv(1 << 20)
        except (BlockingIOError, InterruptedError):
            continue
        except OSError:
            chunk = b''
        if not chunk:
            p.closed = True; sel.unregister(p.s)
        else:
            received += len(chunk)
    peak = max(peak, rss() or 0)

def cut(s):
    s.setblocking(False)
    try:
        while True:
            c = s.recv(1 << 20)
            if not c: return True
    except BlockingIOError:
        return False
    except OSError:
        return True

players_cut = sum(p.closed for p in players)
spect_cut = sum(cut(s) for s in spectators)
metrics = urllib.request.urlopen(f'http://127.0.0.1:{port}/metrics').read().decode()
wanted = [l for l in metrics.splitlines() if re.match(r'cardserver_(connections|unsent_output|disconnects|players|output)', l)]
print(f'{seconds:.0f} s: {draws} draws sent, {received/1e6:.1f} MB read by the players; players cut off {players_cut} of 80; spectators cut off {spect_cut} of 4,200; server RSS peak {peak} MiB, now {rss()} MiB')
for l in wanted: print('  ' + l)
print('  log lines mentioning cut/disconnect:', sum('disconnect' in l or 'cut' in l for l in log))
proc.terminate(); proc.wait()
