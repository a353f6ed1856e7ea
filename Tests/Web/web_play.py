#!/usr/bin/python3
"""Plays every game in a real browser against a real cardserver (issue 31).

    /usr/bin/python3 Tests/Web/web_play.py --server .build/release/cardserver [--shots DIR] [--only NAME ...]
    /usr/bin/python3 Tests/Web/web_play.py --list

The Swift test ExamplePeersTests runs each scenario in a process of its own (--only), several at once.

Headless Chromium through Selenium (Debian: chromium, chromium-driver, python3-selenium,
python3-jsonschema, python3-regex). The server is started on a free loopback port with a
fresh data folder and stopped at the end. Each scenario opens its own browser, plays
through clicks (or taps, on the phone), and checks what the page shows; every message the
page sends and receives is validated against Protocol.schema.json, and the browser's
console must hold no error and no CSP violation. Exits non-zero when any scenario failed.
"""
import argparse, base64, itertools, json, math, os, re, shutil, signal, socket, subprocess, sys, tempfile, threading, time, traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'Examples', 'bots'))
from common import SchemaChecker  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.actions.pointer_input import PointerInput  # noqa: E402
from selenium.webdriver.common.actions import interaction  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402

# Records what the page sends and receives, before any of its own code runs.
SPY = """
window.__sent = []; window.__received = [];
const realSend = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { window.__sent.push(String(data)); return realSend.call(this, data); };
const RealWS = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const ws = protocols === undefined ? new RealWS(url) : new RealWS(url, protocols);
  ws.addEventListener('message', (e) => window.__received.push(String(e.data)));
  return ws;
};
window.WebSocket.prototype = RealWS.prototype;
Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
"""


class Failure(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Failure(what)


def wait_for(what, fn, timeout=15.0, every=0.05):
    end = time.time() + timeout
    while time.time() < end:
        try:
            value = fn()
        except (StaleElementReferenceException, NoSuchElementException):
            # The page redrew what fn was reading (a lobby list replaced, a card rebuilt): look again.
            value = None
        if value:
            return value
        time.sleep(every)
    raise Failure(f'timed out waiting for {what}')


class Server:
    """The release cardserver on a free port, with its own data folder."""

    def __init__(self, binary, data=None, port=0):
        self.binary = binary
        self.data = data or tempfile.mkdtemp(prefix='web-play-')
        self.port = port
        self.start()

    def start(self):
        self.log = open(os.path.join(self.data, '..', os.path.basename(self.data) + '.log'), 'a')
        self.proc = subprocess.Popen([self.binary, '--host', '127.0.0.1', '--port', str(self.port), '--data', os.path.join(self.data, 'd'),
                                      '--rate', '0', '--games-per-minute', '0', '--rooms-per-minute', '0',
                                      '--password-iterations', '100000'],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        line = ''
        for line in self.proc.stderr:
            m = re.search(r'listening on 127\.0\.0\.1:(\d+)', line)
            if m:
                self.port = int(m.group(1))
                break
        else:
            raise Failure(f'the server did not start: {line}')
        threading.Thread(target=lambda: [None for _ in self.proc.stderr], daemon=True).start()

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def url(self):
        return f'http://127.0.0.1:{self.port}/'


class Watcher:
    """A spectator over TCP: what it sees is what the test plays from (Set's claims). With a
    `password` it registers that account instead of playing as a guest (a rated opponent)."""

    def __init__(self, port, name='watcher', password=None):
        self.sock = socket.create_connection(('127.0.0.1', port), timeout=10)
        self.sock.settimeout(None)  # the reader waits as long as the game lasts
        self.file = self.sock.makefile('rb')
        self.state = None
        self.messages = []
        self.lock = threading.Lock()
        self.send({'type': 'register', 'name': name, 'password': password} if password else {'type': 'login', 'name': name})
        threading.Thread(target=self.read, daemon=True).start()

    def send(self, msg):
        self.sock.sendall((json.dumps(msg) + '\n').encode())

    def read(self):
        for raw in self.file:
            msg = json.loads(raw)
            with self.lock:
                self.messages.append(msg)
                if msg['type'] == 'state':
                    self.state = msg

    def first(self, kind):
        with self.lock:
            return next((m for m in self.messages if m['type'] == kind), None)

    def all(self, kind):
        with self.lock:
            return [m for m in self.messages if m['type'] == kind]

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Page:
    def __init__(self, run, width, height, touch=False, fonts=None, exact=True):
        """`fonts`: a fontconfig file for the browser (one without emoji fonts); `exact`: the
        page itself `width` x `height`, as the screenshots say (a desktop window's own bars
        would take 143 px of it: 1280x900 was a 1280x757 page, issue 43)."""
        self.run = run
        options = webdriver.ChromeOptions()
        for a in ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', f'--window-size={width},{height}']:
            options.add_argument(a)
        if touch:
            options.add_experimental_option('mobileEmulation', {'deviceMetrics': {'width': width, 'height': height, 'pixelRatio': 2, 'touch': True}})
        options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        # Chromium finds its fonts through fontconfig, which reads FONTCONFIG_FILE from the
        # environment chromedriver passes on.
        service = Service(env={**os.environ, 'FONTCONFIG_FILE': fonts}) if fonts else Service()
        self.d = webdriver.Chrome(options=options, service=service)
        self.d.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': SPY})
        if exact and not touch:
            self.d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': False})
        self.touch = touch
        self.width = width
        self.console = []

    def open(self, path=''):
        self.d.get(self.run.server.url + path)
        self.settle(lambda: self.d.get(self.run.server.url + path))

    def reload(self):
        self.d.refresh()
        self.settle(self.d.refresh)

    def settle(self, load_again):
        # A browser connection that waited more than the greeting delay (50 ms) before its
        # first request, from an address that made none before, is greeted as a protocol 1
        # client and the page fails once (Protocol.md, Transports); the server then knows the
        # address, and a reload works. Seen only on a heavily loaded machine: counted, said.
        # (A spare connection Chrome opened with the failed load was greeted too, so the
        # first reload can fail the same way, the page itself or a file it asks for, such as
        # app.js, which leaves it at 'Loading…': so each load is waited for to its end and the
        # console read as well as the page. Each failure marks the address again. With
        # twelve browsers starting at once on two cores, three reloads in a row failed once
        # in a standalone run of the browser tests: up to six, each a little later.)
        for attempt in range(6):
            wait_for('the page to load', lambda: self.js('return document.readyState') == 'complete', timeout=20)
            if not self.load_failed():
                break
            self.run.first_load_failures += 1
            print('web: a load failed (greeted before its request); reloading', flush=True)
            time.sleep(0.3 * attempt)
            load_again()

    def load_failed(self):
        """Whether the page, or a file it asked for, got a protocol 1 greeting for an answer.
        The console's other lines are kept for the checks after each step."""
        if 'ERR_INVALID_HTTP_RESPONSE' in (self.js('return document.body && document.body.innerText') or ''):
            return True
        logs = self.d.get_log('browser')
        failed = [l for l in logs if 'ERR_INVALID_HTTP_RESPONSE' in l['message']]
        self.console.extend(l for l in logs if l not in failed)
        return bool(failed)

    def login(self, name, into_room=False):
        try:
            field = wait_for('the name field', lambda: self.d.find_elements(By.ID, 'name'))[0]
        except Failure:
            raise Failure(f'no name field; the page shows {self.js("return document.body.innerText")!r}; console {self.d.get_log("browser")}')
        field.send_keys(name + '\n')
        if into_room:  # a #join= or #watch= link goes straight to its room
            wait_for('the room', lambda: self.js('return !!(window.cardserverPage.room)'))
        else:
            wait_for('the lobby', lambda: self.d.find_elements(By.CSS_SELECTOR, 'form.newgame button[type=submit]'))

    def create(self, game, seats, **options):
        Select(self.d.find_element(By.ID, 'game')).select_by_value(game)
        seats_field = self.d.find_element(By.ID, 'seats')
        seats_field.clear()
        seats_field.send_keys(str(seats))
        for name, value in options.items():
            field = self.d.find_element(By.ID, f'opt-{name}')
            if field.tag_name == 'select':
                Select(field).select_by_value(str(value).lower() if isinstance(value, bool) else str(value))
            else:
                field.clear()
                field.send_keys(str(value))
        self.tap(self.d.find_element(By.CSS_SELECTOR, 'form.newgame button[type=submit]'))
        return wait_for('the room', lambda: self.js('return window.cardserverPage.state && window.cardserverPage.state.room'))

    def js(self, script):
        return self.d.execute_script(script)

    def state(self):
        return self.js('return window.cardserverPage.state')

    def seq(self):
        s = self.state()
        return s['seq'] if s else -1

    def tap(self, element, dy=None):
        """A click, or a touch on the phone; dy aims at a point above the centre (overlapping cards)."""
        self.d.execute_script('arguments[0].scrollIntoView({block: "center"})', element)
        if self.touch:
            actions = ActionBuilder(self.d, mouse=PointerInput(interaction.POINTER_TOUCH, 'finger'))
            size = element.size
            actions.pointer_action.move_to(element, 0, 0 if dy is None else dy).pointer_down().pointer_up()
            actions.perform()
        elif dy is None:
            element.click()
        else:
            ActionChains(self.d).move_to_element_with_offset(element, 0, dy).click().perform()

    def game_over_text(self, timeout=30):
        return wait_for('game over on the page', lambda: (self.d.find_elements(By.ID, 'game-over') or [None])[0] and self.d.find_element(By.ID, 'game-over').text, timeout)

    def shot(self, name, full=False):
        """The window, or with `full` the whole page however long (the account page is)."""
        if self.run.shots:
            path = os.path.join(self.run.shots, f'{name}.png')
            if not full:
                self.d.save_screenshot(path)
                return
            height = self.js('return document.documentElement.scrollHeight')
            shot = self.d.execute_cdp_cmd('Page.captureScreenshot', {'format': 'png', 'captureBeyondViewport': True,
                                                                    'clip': {'x': 0, 'y': 0, 'width': self.width, 'height': height, 'scale': 1}})
            with open(path, 'wb') as f:
                f.write(base64.b64decode(shot['data']))

    def check(self):
        """Every line both ways against the schema; no console error; no sideways scroll."""
        for raw in self.js('return window.__sent') or []:
            self.run.checker.check(json.loads(raw), raw, 'client')
            self.run.sent += 1
        for raw in self.js('return window.__received') or []:
            self.run.checker.check(json.loads(raw), raw, 'server')
            self.run.received += 1
        self.js('window.__sent = []; window.__received = []')
        logs = self.console + self.d.get_log('browser')
        self.console = []
        bad = [l for l in logs if l['level'] == 'SEVERE' or 'Content Security Policy' in l['message']]
        expect(not bad, f'the console holds {bad}')
        width = self.js('return document.documentElement.scrollWidth')
        inner = self.js('return window.innerWidth')
        expect(width <= inner, f'the page scrolls sideways: {width} > {inner}')

    def close(self):
        self.d.quit()


def is_set(cards):
    return all(len({c[k] for c in cards}) != 2 for k in ('count', 'shape', 'color', 'fill'))


def play_set(run, page, watcher, shot):
    claims = 0
    while True:
        s = watcher.state
        if s and s['phase'] == 'over':
            break
        if not s or s['phase'] != 'playing':
            time.sleep(0.05)
            continue
        trio = next((t for t in itertools.combinations(s['board'], 3) if is_set(t)), None)
        if trio is None:
            time.sleep(0.05)
            continue
        before = s['seq']
        if page.seq() != before:  # the page has not drawn this board yet
            time.sleep(0.05)
            continue
        tap_cards(page, trio)
        claims += 1
        wait_for('the claim', lambda: watcher.state['seq'] != before)
        if claims == 4:
            page.shot(shot + '-playing')
    return claims


def scenario_set(run, width=1280, height=900, touch=False, tag='desktop'):
    page = Page(run, width, height, touch)
    try:
        page.open()
        wait_for('the first screen', lambda: page.js("return performance.getEntriesByName('first-screen').length"))
        timing = page.js("return [performance.getEntriesByName('first-contentful-paint')[0]?.startTime, performance.getEntriesByName('first-screen')[0].startTime, performance.getEntriesByType('resource').reduce((n, r) => n + r.transferSize, 0) + performance.getEntriesByType('navigation')[0].transferSize]")
        print(f'web: first load at {width}x{height}: first paint {timing[0]:.0f} ms, name form ready {timing[1]:.0f} ms, {timing[2]} bytes transferred', flush=True)
        page.login(f'setter{tag[:1]}')
        code = page.create('set', 1, variant='junior') if not touch else page.create('set', 1)
        watcher = Watcher(run.server.port, f'eye{tag[:1]}')
        watcher.send({'type': 'watch', 'room': code})
        # The game's clock runs on the page while it is played.
        first = wait_for('the clock', lambda: page.d.find_element(By.CSS_SELECTOR, '.game.set .clock').text)
        expect(re.fullmatch(r'time \d+:\d\d', first), f'the clock shows {first!r}')
        claims = play_set(run, page, watcher, f'web-set-{tag}')
        text = page.game_over_text()
        # The end's tallies, as the terminal has them.
        tally = wait_for('the tallies', lambda: page.d.find_element(By.CSS_SELECTOR, '.game.set .tallies').text)
        expect(re.fullmatch(rf'you: {claims} Sets · 0 wrong claims · fastest (\d\.\d s|\d+:\d\d)', tally), f'the tallies say {tally!r}')
        expect(text == 'You win!', f'game over says {text!r}')
        over = wait_for('game_over at the watcher', lambda: watcher.first('game_over'))
        expect(over['winners'] == [page.state()['players'][0]['name']], f'winners {over["winners"]}')
        page.shot(f'web-set-{tag}-over')
        found = len(page.d.find_elements(By.CSS_SELECTOR, 'ol.found li'))
        expect(found > 0, 'the Sets found are listed at the end')
        # Play again: a new game, its list of Sets found empty (issue 43, item 2).
        page.tap(wait_for('the play-again button', lambda: [b for b in page.d.find_elements(By.CSS_SELECTOR, '.actions button.primary')
                                                             if b.text == 'Play again'])[0])
        wait_for('the new game', lambda: page.state()['phase'] == 'playing')
        wait_for('the list emptied', lambda: not page.d.find_elements(By.CSS_SELECTOR, 'ol.found li'))
        # The first game's replay by its link: the address keeps it, a claim reads by its cards.
        page.js(f"location.hash = '#replay={over['game_id']}'")
        try:
            wait_for('the replay', lambda: 'step 0 of' in page.d.find_element(By.CSS_SELECTOR, '.replay .stepno').text, 20)
        except Failure:
            raise Failure(f"no replay: the page shows {page.js('return document.body.innerText')[:600]!r}, hash {page.js('return location.hash')!r}")
        expect(page.js('return location.hash') == '#replay=' + over['game_id'], f"the address is {page.js('return location.hash')!r}")
        page.tap(page.d.find_element(By.CSS_SELECTOR, '.replay button[aria-label="next step"]'))
        said = wait_for('step 1', lambda: 'step 1 of' in page.d.find_element(By.CSS_SELECTOR, '.replay .stepno').text and page.d.find_element(By.CSS_SELECTOR, '.replay ol.log').text)
        expect(re.match(r'^setter.: a Set: ', said) and 'cards' not in said, f'the replay says {said!r}')
        page.check()
        watcher.close()
        return f'{claims} Sets claimed by {"taps" if touch else "clicks"}; the rematch starts with no Sets listed; the replay by its link reads {said!r}'
    finally:
        page.close()


def leave_room(page):
    page.js('window.confirm = () => true')  # leaving a game under way asks first
    page.tap([b for b in page.d.find_elements(By.CSS_SELECTOR, '.actions button') if b.text == 'Leave'][0])
    wait_for('the lobby', lambda: page.d.find_elements(By.CSS_SELECTOR, 'form.newgame button[type=submit]'))


def play_rps_to_end(page, sign='rock'):
    """Throws `sign` at each round until the match is over; returns the game-over line and the
    number of throws."""
    throws = 0
    while page.state()['phase'] == 'playing':
        s = page.state()
        if s['your_throw'] is None:
            page.tap(page.d.find_element(By.CSS_SELECTOR, f'button.sign[aria-label^="throw {sign}"]'))
            throws += 1
            wait_for('the throw', lambda: page.seq() != s['seq'])
        time.sleep(0.05)
    return page.game_over_text(), throws


def scenario_rps(run):
    page = Page(run, 1280, 900)
    try:
        page.open()
        page.login('thrower')
        page.create('rps', 1, rounds=1, bot='random')
        text, throws = play_rps_to_end(page)
        expect(text in ('You win!', 'robot wins.'), f'game over says {text!r}')
        page.shot('web-rps-desktop')
        page.check()
        return f'{throws} throws, {text}'
    finally:
        page.close()


def scenario_brain(run, width=1280, height=900, touch=False, tag='desktop'):
    page = Page(run, width, height, touch)
    beats = {'rock': 'paper', 'paper': 'scissors', 'scissors': 'rock'}
    loses = {v: k for k, v in beats.items()}
    try:
        page.open()
        page.login('brainy')
        page.create('rps-brain', 1, rounds=3)
        page.shot(f'web-rps-brain-{tag}')
        answers = 0
        while page.state()['phase'] == 'playing':
            s = page.state()
            if s['your_answer'] is None and s['prompt']:
                sign = beats[s['prompt']['sign']] if s['prompt']['goal'] == 'win' else loses[s['prompt']['sign']]
                page.tap(page.d.find_element(By.CSS_SELECTOR, f'button.sign[aria-label^="answer {sign}"]'))
                answers += 1
                wait_for('the answer', lambda: page.seq() != s['seq'])
            time.sleep(0.05)
        text = page.game_over_text()
        expect(text == 'You win!', f'game over says {text!r}')
        scores = page.state()['players'][0]['score']
        expect(scores == 30, f'3 right answers score 30, not {scores}')
        page.check()
        return f'{answers} answers, score {scores}'
    finally:
        page.close()


def scenario_concentration(run, width=1280, height=900, touch=False, tag='desktop'):
    page = Page(run, width, height, touch)
    try:
        page.open()
        page.login('memory')
        page.create('concentration', 1, pairs=4, theme='animals')
        seen = {}
        flips = 0
        while page.state()['phase'] == 'playing':
            s = page.state()
            cards = s['cards']
            up = [c for c in cards if c['face'] is not None and not c['matched']]
            hidden = [c for c in cards if c['face'] is None]
            for c in cards:
                if c['face'] is not None:
                    seen[c['index']] = c['face']
            if len(up) == 1:
                partner = next((i for i, f in seen.items() if f == up[0]['face'] and i != up[0]['index'] and not cards[i]['matched']), None)
                target = partner if partner is not None and cards[partner]['face'] is None else next(c['index'] for c in hidden if c['index'] not in seen or seen[c['index']] == up[0]['face'])
            else:
                known = {}
                pair = None
                for i, f in seen.items():
                    if not cards[i]['matched'] and cards[i]['face'] is None:
                        if f in known:
                            pair = known[f]
                            break
                        known[f] = i
                target = pair if pair is not None else next((c['index'] for c in hidden if c['index'] not in seen), hidden[0]['index'])
            page.tap(page.d.find_element(By.CSS_SELECTOR, f'.memgrid button:nth-child({target + 1})'))
            flips += 1
            wait_for('the flip', lambda: page.seq() != s['seq'])
            if flips == 3:
                page.shot(f'web-concentration-{tag}')
        text = page.game_over_text()
        expect(text == 'You win!', f'game over says {text!r}')
        page.check()
        return f'{flips} flips'
    finally:
        page.close()


def solution(run, seed):
    out = subprocess.run([run.cardbench, 'klondike-solver', '--solution', str(seed)], capture_output=True, text=True, check=True).stdout
    return [json.loads(l) for l in out.splitlines() if l.startswith('{')]


AUTO_HOME_OFF = "localStorage.setItem('cardserver-klondike-auto-home', 'off')"


def finish_offered(s):
    """Klondike: the server would take `finish` (every card face up, and drawing alone brings
    the stock and the waste home), as the state says."""
    return s.get('can_finish') is True


def tap_move(page, m):
    """Klondike: the solver's move `m` by taps: the stock for a draw, else the card (at the top
    of its strip) and then the pile it goes to."""
    if m['type'] == 'draw':
        page.tap(page.d.find_element(By.CSS_SELECTOR, '[data-pile="stock"]'))
        return
    card = page.d.find_element(By.CSS_SELECTOR, f'[data-pile="{m["from"]}"] .kcard[data-count="{m.get("count", 1)}"]')
    page.tap(card, dy=-card.size['height'] // 2 + 5)
    target = page.d.find_element(By.CSS_SELECTOR, f'[data-pile="{m["to"]}"]')  # drawn again with the pick
    page.tap(target, dy=-target.size['height'] // 2 + 5)


def play_solution(page, moves, touch, tag, shot='web-klondike', no_offer_before=False):
    """Plays the solver's moves by clicks or taps (on the desktop each run from column to column
    dragged with the mouse and dropped) until the state offers finish; returns how many and the
    drags. With no_offer_before, checks at each move that the page shows no Finish yet."""
    drags = 0
    for i, m in enumerate(moves):
        before = page.seq()
        if finish_offered(page.state()):
            return i, drags
        if no_offer_before:
            expect(not page.d.find_elements(By.CSS_SELECTOR, '.kfinish button'), f'Finish offered before move {i + 1}: {page.state()}')
        if not touch and m['type'] != 'draw' and m['from'].startswith('t') and m['to'].startswith('t'):
            # A run from one column to another: dragged with the mouse and dropped.
            card = page.d.find_element(By.CSS_SELECTOR, f'[data-pile="{m["from"]}"] .kcard[data-count="{m.get("count", 1)}"]')
            target = page.d.find_element(By.CSS_SELECTOR, f'[data-pile="{m["to"]}"]')
            ActionChains(page.d).move_to_element_with_offset(card, 0, -card.size['height'] // 2 + 5).click_and_hold() \
                .move_by_offset(10, 10).move_to_element_with_offset(target, 0, -target.size['height'] // 2 + 5).release().perform()
            drags += 1
        else:
            tap_move(page, m)
        wait_for(f'move {i + 1} ({m}) to show', lambda: page.seq() != before)
        if i == 60 and shot:
            page.shot(f'{shot}-{tag}')
    raise Failure('the solution ran out before the state offered finish')


def scenario_klondike(run, width=1280, height=900, touch=False, tag='desktop'):
    page = Page(run, width, height, touch)
    try:
        page.open()
        page.login(f'patience{tag[:1]}')
        page.js(AUTO_HOME_OFF)  # every move is the solver's
        page.create('klondike', 1, seed=7)
        moves = solution(run, 7)
        i, drags = play_solution(page, moves, touch, tag)
        # Every card face up and the rest drawable: the page offers to play every card home at once.
        page.tap(page.d.find_element(By.XPATH, "//button[starts-with(normalize-space(.), 'Finish')]"))
        text = page.game_over_text()
        expect(text == 'You win!', f'game over says {text!r}')
        said = ''
        if not touch:
            # The replay names a move's piles as a player does, not as the wire does ("t7").
            first = next(n for n, m in enumerate(moves) if m['type'] == 'move')
            page.tap(wait_for('the replay link', lambda: page.d.find_elements(By.LINK_TEXT, 'Watch the replay'))[0])
            wait_for('the replay', lambda: 'step 0 of' in page.d.find_element(By.CSS_SELECTOR, '.replay .stepno').text, 20)
            for _ in range(first + 1):
                page.tap(page.d.find_element(By.CSS_SELECTOR, '.replay button[aria-label="next step"]'))
            said = wait_for(f'step {first + 1}', lambda: f'step {first + 1} of' in page.d.find_element(By.CSS_SELECTOR, '.replay .stepno').text
                            and page.d.find_element(By.CSS_SELECTOR, '.replay ol.log').text)
            name = lambda pile: 'waste' if pile == 'waste' else f'tableau {pile[1:]}' if pile[0] == 't' else f'foundation {pile[1:]}'
            m = moves[first]
            want = f'{name(m["from"])} → {name(m["to"])}' + (f' ({m["count"]} cards)' if m.get('count', 1) > 1 else '')
            expect(said.splitlines()[0] == f'patience{tag[:1]}: {want}', f'the replay says {said!r}, not {want!r}')
        page.check()
        return f'{i} of the solution\'s {len(moves)} steps by {"taps" if touch else f"clicks ({drags} of them runs dragged)"}, then Finish' + (f'; the replay reads {said.splitlines()[0]!r}' if said else '')
    finally:
        page.close()


def tcp_login(port, **login):
    """One `login` over TCP, its reply returned and the connection closed (an API token's test)."""
    with socket.create_connection(('127.0.0.1', port), timeout=30) as sock:
        lines = sock.makefile('rb')
        # Speaking first, as cardclient does: this address has fetched the web client's files, so
        # a silent connection from it waits up to 10 s to be greeted (it may be a browser's spare).
        sock.sendall((json.dumps({'type': 'login', **login}) + '\n').encode())
        json.loads(lines.readline())  # hello
        return json.loads(lines.readline())


def sign_in(page, name, password):
    """From the first screen, in whichever mode it shows, to the lobby of an account."""
    wait_for('the first screen', lambda: page.d.find_elements(By.ID, 'name'))
    if not page.d.find_elements(By.ID, 'password'):
        page.d.find_element(By.ID, 'mode-signin').click()
    field = wait_for('the name field', lambda: page.d.find_elements(By.ID, 'name'))[0]
    field.clear()
    field.send_keys(name)
    page.d.find_element(By.ID, 'password').send_keys(password + '\n')
    wait_for('the lobby', lambda: page.d.find_elements(By.CSS_SELECTOR, 'form.newgame button[type=submit]'), 30)


def open_account(page):
    """The header's account link; returns the sessions listed once they came."""
    page.tap(wait_for('the account link', lambda: page.d.find_elements(By.ID, 'nav-account'))[0])
    return wait_for('the sessions', lambda: page.d.find_elements(By.CSS_SELECTOR, '#sessions li'), 30)


def form_note(page, field_id):
    """What the form holding `field_id` was answered, as shown under it."""
    return page.js(f'const f = document.getElementById("{field_id}").form; const n = f.nextElementSibling; return n && n.textContent')


def login_message(page):
    return wait_for('the first screen\'s message', lambda: page.d.find_elements(By.ID, 'login-message'), 30)[0].text


def scenario_account(run):
    """Sign up on a desktop; on the account page, one session, an API token made (shown once,
    working over TCP), listed and revoked, a password changed; play, sign out, sign in with the
    new password. Sign in on a phone (another browser, nothing shared): the old password is
    refused, kept nowhere; the phone signs the desktop out, then deletes the account, and the
    desktop hears it; the name is then refused to a guest."""
    desk = Page(run, 1280, 900)
    phone = None
    try:
        desk.open()
        wait_for('the login screen', lambda: desk.d.find_elements(By.ID, 'mode-register'))[0].click()
        desk.d.find_element(By.ID, 'name').send_keys('wendy')
        desk.d.find_element(By.ID, 'password').send_keys('correct horse battery\n')
        wait_for('the lobby', lambda: desk.d.find_elements(By.CSS_SELECTOR, 'form.newgame button[type=submit]'), 30)
        account = desk.js('return window.cardserverPage.account')
        expect(account and account['name'] == 'wendy' and account['bot'] is False, f'signed in to the account: {account}')
        expect(desk.d.find_element(By.ID, 'who').text == 'signed in as wendy', desk.d.find_element(By.ID, 'who').text)
        stored = desk.js('return JSON.stringify(localStorage)')
        expect('correct horse' not in stored, 'the password is kept nowhere in the page')
        desk.shot('account-lobby-desktop')

        # The account page: this device's session, and only it.
        sessions = open_account(desk)
        expect(desk.d.find_element(By.ID, 'account-name').text == 'wendy', 'the account page names the account')
        expect(len(sessions) == 1 and 'current' in sessions[0].get_attribute('class') and 'this device' in sessions[0].text,
               f'one session, this one: {[s.text for s in sessions]}')
        expect(not sessions[0].find_elements(By.TAG_NAME, 'button'), 'no "Sign out" for this device\'s own session')

        # An API token: shown once, in a field of its own; listed by label, never shown there.
        desk.d.find_element(By.ID, 'token-label').send_keys('wendy bot\n')
        shown = wait_for('the new token', lambda: desk.d.find_elements(By.ID, 'new-token'), 30)[0]
        token = shown.get_attribute('value')
        expect(token.startswith('cst_') and shown.get_attribute('readonly') is not None, f'the token shown read-only: {token!r}')
        listed = wait_for('the token listed', lambda: desk.d.find_elements(By.CSS_SELECTOR, '#tokens li[data-label="wendy bot"]'), 30)
        expect(token not in listed[0].text and len(desk.d.find_elements(By.ID, 'new-token')) == 1, 'the token is shown once only')
        desk.tap(desk.d.find_element(By.ID, 'copy-token'))
        box = 'return document.getElementById("copy-token").closest(".shown-once").textContent'
        said = wait_for('the copy button to say what it did', lambda: (lambda t: ('Copied.' in t or 'Selected' in t) and t)(desk.js(box)))
        expect('shown again' in said, 'the note that it will not be shown again')
        expect(token not in desk.js('return JSON.stringify(localStorage)'), 'the token is not kept by the page')
        desk.shot('web-account-desktop', full=True)
        welcome = tcp_login(run.server.port, api_token=token)
        expect(welcome['type'] == 'welcome' and welcome['account']['name'] == 'wendy', f'the token signs in: {welcome}')
        desk.tap(desk.d.find_element(By.ID, 'account-back'))
        sessions = open_account(desk)
        expect(not desk.d.find_elements(By.ID, 'new-token') and token not in desk.js('return document.body.innerText'), 'the token is gone once the page is left')
        wait_for('the token\'s use listed', lambda: 'last used' in desk.d.find_element(By.CSS_SELECTOR, '#tokens li[data-label="wendy bot"]').text, 30)
        desk.tap(desk.d.find_element(By.CSS_SELECTOR, 'button[aria-label="revoke the token wendy bot"]'))
        wait_for('the token revoked', lambda: desk.d.find_element(By.ID, 'tokens').text == 'No API tokens.', 30)
        refused = tcp_login(run.server.port, api_token=token)
        expect(refused.get('code') == 'bad_token', f'a revoked token signs nobody in: {refused}')

        # The password: a wrong old one is told under its form; then changed.
        desk.d.find_element(By.ID, 'pw-old').send_keys('not my password')
        desk.d.find_element(By.ID, 'pw-new').send_keys('battery staple horse\n')
        wait_for('the wrong password told', lambda: form_note(desk, 'pw-old') == "that is not the account's password", 30)
        desk.d.find_element(By.ID, 'pw-old').send_keys('correct horse battery')
        desk.d.find_element(By.ID, 'pw-new').send_keys('battery staple horse\n')
        wait_for('the password changed', lambda: (form_note(desk, 'pw-old') or '').startswith('Password changed.'), 30)
        desk.check()
        desk.tap(desk.d.find_element(By.ID, 'account-back'))

        code = desk.create('rps', 1, rounds=1, bot='random')
        play_rps_to_end(desk, 'paper')
        desk.check()
        desk.tap(desk.d.find_element(By.XPATH, "//button[normalize-space(.)='Leave']"))
        wait_for('the lobby', lambda: desk.d.find_elements(By.ID, 'signout'))[0].click()
        wait_for('the login screen after signing out', lambda: desk.d.find_elements(By.ID, 'mode-signin'))
        expect(desk.js('return window.cardserverPage.me') is None, 'signed out')
        sign_in(desk, 'wendy', 'battery staple horse')

        phone = Page(run, 360, 640, touch=True)
        phone.open()
        wait_for('the login screen', lambda: phone.d.find_elements(By.ID, 'mode-signin'))[0].click()
        phone.d.find_element(By.ID, 'name').send_keys('WENDY')
        phone.d.find_element(By.ID, 'password').send_keys('correct horse battery\n')
        error = wait_for('the refusal', lambda: phone.d.find_elements(By.CSS_SELECTOR, 'form.login .error'), 30)[0].text
        expect(error == 'no account has that name and password', f'the old password is refused: {error}')
        phone.shot('account-wrong-password-phone')
        phone.d.find_element(By.ID, 'password').send_keys('battery staple horse\n')
        wait_for('the lobby', lambda: phone.d.find_elements(By.CSS_SELECTOR, 'form.newgame button[type=submit]'), 30)
        expect(phone.js('return window.cardserverPage.me.name') == 'wendy', 'the name as registered')
        phone.shot('account-lobby-phone')

        # The records follow the account: the phone sees the match the desktop played, as an account's.
        phone.tap([b for b in phone.d.find_elements(By.CSS_SELECTOR, 'header button.link, nav button.link, button.link') if b.text == 'records'][0])
        heading = wait_for('the records', lambda: [e.text for e in phone.d.find_elements(By.CSS_SELECTOR, 'section.records h2') if e.text.startswith('wendy')], 30)[0]
        expect(heading.startswith('wendy: 1 game, '), f'the desktop\'s match in the phone\'s records: {heading!r}')

        # The phone signs the desktop out: the desktop is told, and back at the sign-in screen.
        sessions = open_account(phone)
        expect(len(sessions) == 2 and sum('this device' in s.text for s in sessions) == 1, f'two sessions: {[s.text for s in sessions]}')
        other = next(s for s in sessions if 'this device' not in s.text)
        expect('online' in other.text, f'the desktop is online: {other.text}')
        # A phone's browser zooms out to fit a page wider than it, which check()'s scrollWidth cannot see.
        width = phone.js('return window.innerWidth')
        expect(width == 360, f'the account page fits the phone: its viewport is {width} px wide')
        phone.shot('web-account-phone', full=True)
        phone.check()
        phone.tap(other.find_element(By.TAG_NAME, 'button'))
        wait_for('the desktop\'s session gone', lambda: len(phone.d.find_elements(By.CSS_SELECTOR, '#sessions li')) == 1, 30)
        text = login_message(desk)
        expect('signed out from another' in text and desk.d.find_elements(By.ID, 'password'), f'the desktop says why: {text!r}')
        desk.shot('account-signed-out-desktop')
        expect('token' not in (desk.js('return localStorage.getItem("cardserver:" + location.host)') or ''), 'the desktop forgot its token')
        desk.check()

        # The desktop signs in again; the phone deletes the account (password, then a confirm).
        sign_in(desk, 'wendy', 'battery staple horse')
        phone.d.find_element(By.ID, 'delete-password').send_keys('battery staple horse\n')
        phone.tap(wait_for('the confirm step', lambda: phone.d.find_elements(By.ID, 'delete-confirm'))[0])
        text = login_message(phone)
        expect(text.startswith('The account wendy was deleted.') and phone.js('return window.cardserverPage.me') is None, f'the phone says so: {text!r}')
        phone.shot('account-deleted-phone')
        text = login_message(desk)
        expect(text == 'This account was deleted from another device.', f'the desktop says so: {text!r}')
        for page in (phone, desk):
            expect('token' not in (page.js('return localStorage.getItem("cardserver:" + location.host)') or ''), 'the token forgotten')
        phone.check()

        # The name is retired: a guest may not take it.
        field = phone.d.find_element(By.ID, 'name')
        expect(field.get_attribute('value') == '', 'the retired name is not offered again')
        field.send_keys('wendy\n')
        error = wait_for('the refusal', lambda: phone.d.find_elements(By.CSS_SELECTOR, 'form.login .error'), 30)[0].text
        codes = [json.loads(m).get('code') for m in phone.js('return window.__received') if '"error"' in m]
        expect('name_taken' in codes and 'retired' in error, f'the name is refused to a guest: {codes} {error!r}')
        phone.check()
        desk.check()
        return f'wendy registered, made and revoked a token, changed the password, played rps {code}; a phone signed the desktop out and deleted the account'
    finally:
        desk.close()
        if phone:
            phone.close()


def whole(x):
    """What the page shows of a rating or a change: rounded half away from zero, as JavaScript's
    Math.round does for the positive numbers it is given (Python's round() rounds half to even)."""
    return int(math.floor(abs(x) + 0.5)) * (1 if x >= 0 else -1)


def change_line(name, c):
    """The page's line for one player's rating change in a game_over: "ann 1662? (+162)"."""
    diff = whole(c['diff'])
    shown = f'+{diff}' if diff > 0 else f'\u2212{-diff}' if diff < 0 else '\u00b10'
    return f'{name} {whole(c["after"])}{"?" if c["provisional"] else ""} ({shown})'


def rated_box(page):
    """The new-game form's Rated box: (ticked, disabled, its note)."""
    return page.js('const b = document.getElementById("rated"); return [b.checked, b.disabled, document.getElementById("rated-note").textContent]')


def scenario_ratings(run):
    """Two accounts play three rated games of rps (best of one): ann in a browser, bob over TCP,
    a guest watching on a phone. The new-game form ticks Rated for an account and disables it for
    one seat, the robot and a guest; the room says Rated and shows each rating beside its name;
    after each game both pages show each change exactly as game_over sent it (ann's own line
    emphasised on hers); ann's records chart her three games, as stats has them."""
    desk = Page(run, 1280, 900)
    phone = Page(run, 360, 640, touch=True)
    bob = None
    try:
        desk.open()
        wait_for('the login screen', lambda: desk.d.find_elements(By.ID, 'mode-register'))[0].click()
        desk.d.find_element(By.ID, 'name').send_keys('ann')
        desk.d.find_element(By.ID, 'password').send_keys('ann plays rated\n')
        wait_for('the lobby', lambda: desk.d.find_elements(By.CSS_SELECTOR, 'form.newgame button[type=submit]'), 60)
        bob = Watcher(run.server.port, 'bob', password='bob plays rated')
        phone.open()
        phone.login('carl')

        # The Rated box: an account's is ticked where a game can be rated, and only there.
        Select(desk.d.find_element(By.ID, 'game')).select_by_value('rps')
        expect(rated_box(desk) == [True, False, ''], f'ticked for an account, two seats: {rated_box(desk)}')
        seats = desk.d.find_element(By.ID, 'seats')
        seats.clear()
        seats.send_keys('1')
        expect(rated_box(desk) == [False, True, 'one seat: never rated'], f'one seat: {rated_box(desk)}')
        seats.clear()
        seats.send_keys('2')
        Select(desk.d.find_element(By.ID, 'opt-bot')).select_by_value('random')
        expect(rated_box(desk) == [False, True, 'against the robot: never rated'], f'the robot: {rated_box(desk)}')
        Select(desk.d.find_element(By.ID, 'opt-bot')).select_by_value('')
        expect(rated_box(desk) == [True, False, ''], f'ticked again: {rated_box(desk)}')
        Select(phone.d.find_element(By.ID, 'game')).select_by_value('rps')
        expect(rated_box(phone) == [False, True, 'sign in to play rated'], f'a guest: {rated_box(phone)}')

        code = desk.create('rps', 2, rounds=1)
        created = [json.loads(m) for m in desk.js('return window.__sent') if '"create"' in m]
        expect(created and created[-1].get('rated') is True, f'create says rated: {created}')
        badge = wait_for('the Rated badge', lambda: desk.d.find_elements(By.ID, 'rated-badge'))[0]
        expect(badge.text == 'Rated', f'the room is rated: {badge.text!r}')
        wait_for('bob signed in', lambda: bob.first('welcome') or bob.first('error'), 60)
        expect(bob.first('welcome') and bob.first('welcome')['account']['name'] == 'bob', f'bob registered: {bob.messages}')
        # The phone's lobby lists the room as rated, with ann's rating beside her name.
        listed = lambda: [li.text for li in phone.d.find_elements(By.CSS_SELECTOR, '.roomlist li') if code in li.text]
        wait_for('the rated room in the lobby', lambda: listed() and 'rated' in listed()[0] and 'ann 1500?' in listed()[0], 30)
        bob.send({'type': 'join', 'room': code})
        phone.d.find_element(By.ID, 'code').send_keys(code)
        phone.tap(phone.d.find_element(By.XPATH, "//button[normalize-space(.)='Watch']"))
        wait_for('the phone watching', lambda: phone.d.find_elements(By.ID, 'rated-badge'))

        def rated_line(page, name):
            return page.js(f'const e = document.querySelector(\'.players li[data-name="{name}"] .rating\'); return e && e.textContent')

        bob_signs = ['rock', 'scissors', 'rock']  # ann throws paper: she wins, loses, wins
        for game, sign in enumerate(bob_signs, 1):
            wait_for(f'game {game} to begin', lambda: len(bob.all('game_over')) == game - 1 and bob.state and bob.state['phase'] == 'playing'
                     and 'bob' in bob.state['waiting_on'], 30)
            start = bob.state
            for name in ('ann', 'bob'):
                p = next(x for x in start['players'] if x['name'] == name)
                shown = f'{whole(p["rating"])}{"?" if p["provisional"] else ""}'
                wait_for(f'{name}\'s rating {shown} beside the name', lambda: rated_line(desk, name) == shown and rated_line(phone, name) == shown)
            bob.send({'type': 'throw', 'sign': sign})
            wait_for('ann\'s turn to throw', lambda: desk.state()['phase'] == 'playing' and desk.state()['your_throw'] is None)
            desk.tap(desk.d.find_element(By.CSS_SELECTOR, 'button.sign[aria-label^="throw paper"]'))
            over = wait_for(f'game {game}\'s game_over', lambda: len(bob.all('game_over')) == game and bob.all('game_over')[-1], 30)
            expect(set(over.get('ratings', {})) == {'ann', 'bob'}, f'game {game} is rated: {over}')
            want = [change_line(n, c) for n, c in over['ratings'].items()]
            for page in (desk, phone):
                lines = wait_for(f'game {game}\'s rating changes on the page', lambda: (lambda t: t == want and t)(
                    page.js('return [...document.querySelectorAll("#rating-changes li")].map((li) => li.textContent)')), 15)
                titles = page.js('return [...document.querySelectorAll("#rating-changes li")].map((li) => li.title)')
                expect(titles == [f'{c["before"]:.1f} → {c["after"]:.1f} ({"+" if c["diff"] > 0 else ""}{c["diff"]:.1f}), deviation {c["deviation"]:.1f}'
                                  for c in over['ratings'].values()], f'the exact figures: {titles}')
            mine = desk.js('return [...document.querySelectorAll("#rating-changes li.mine")].map((li) => li.textContent)')
            expect(mine == [want[0]], f'ann\'s own line emphasised: {mine}')
            expect(not phone.d.find_elements(By.CSS_SELECTOR, '#rating-changes li.mine'), 'a spectator has no line of its own')
            for name, c in over['ratings'].items():
                shown = f'{whole(c["after"])}{"?" if c["provisional"] else ""}'
                expect(rated_line(desk, name) == shown, f'{name}\'s new rating beside the name: {rated_line(desk, name)!r}, not {shown!r}')
            print(f'web: game {game}: {"; ".join(want)}', flush=True)
            if game < len(bob_signs):
                desk.tap(desk.d.find_element(By.XPATH, "//button[normalize-space(.)='Offer a rematch']"))
                bob.send({'type': 'start'})
        desk.shot('web-ratings-desktop')
        phone.js('window.scrollTo(0, 0)')
        phone.shot('web-ratings-phone')
        desk.check()
        phone.check()

        # ann's records: her rating, three rated games, and their chart, as stats has them.
        bob.send({'type': 'stats', 'name': 'ann'})
        stats = wait_for('ann\'s stats', lambda: bob.first('stats'))['ratings']['rps']
        expect(stats['games'] == 3 and len(stats['history']) == 3, f'three rated games: {stats}')
        start = stats['history'][0]['rating'] - stats['history'][0]['diff']
        label = f'rock-paper-scissors rating over the last 3 rated games: {whole(start)} to {whole(stats["history"][-1]["rating"])}'
        for page in (desk, phone):
            page.tap([b for b in page.d.find_elements(By.CSS_SELECTOR, 'nav button.link') if b.text == 'records'][0])
            if page is phone:
                field = wait_for('the name field', lambda: phone.d.find_elements(By.ID, 'stats-name'))[0]
                field.clear()
                field.send_keys('ann\n')
            chart = wait_for('the rating chart', lambda: page.d.find_elements(By.CSS_SELECTOR, '.ratinggame[data-game="rps"] svg.ratingchart'), 30)[0]
            expect(chart.get_attribute('aria-label') == label, f'the chart says {chart.get_attribute("aria-label")!r}, not {label!r}')
            expect(len(chart.find_elements(By.CSS_SELECTOR, 'circle.pt')) == 3, 'three points')
            expect(len(chart.find_elements(By.CSS_SELECTOR, '.band')) == 1 and len(chart.find_elements(By.CSS_SELECTOR, 'polyline.line')) == 1, 'a band and a line')
            heading = page.d.find_element(By.CSS_SELECTOR, '.ratinggame[data-game="rps"] p').text
            now = f'{whole(stats["rating"])}{"?" if stats["provisional"] else ""}'
            expect(heading.startswith(f'rock-paper-scissors: {now} · 3 rated games'), f'the rating now: {heading!r}')
            box = chart.rect
            expect(box['width'] <= page.js('return window.innerWidth'), f'the chart fits: {box}')
            page.d.execute_script('arguments[0].scrollIntoView({block: "center"})', chart)
            page.check()
        width = phone.js('return window.innerWidth')
        expect(width == 360, f'the records fit the phone: its viewport is {width} px wide')
        desk.shot('web-ratings-records-desktop')
        phone.shot('web-ratings-records-phone')
        # The board by rating: nobody established yet (three games leave ann at ± 200 and more).
        Select(desk.d.find_element(By.ID, 'lb-game')).select_by_value('rps')
        desk.d.find_element(By.ID, 'lb-rated').click()
        wait_for('the rating board', lambda: 'Nobody has an established rating' in desk.d.find_element(By.CSS_SELECTOR, '.records').text, 30)
        desk.check()
        return f'room {code}: three rated games, ann {"→".join(str(whole(p["rating"])) for p in stats["history"])}; the pages showed every change'
    finally:
        desk.close()
        phone.close()
        if bob:
            bob.close()


def scenario_reload_and_restart(run):
    page = Page(run, 1280, 900)
    try:
        page.open()
        page.login('stayer')
        code = page.create('set', 1)
        board = [c['id'] for c in page.state()['board']]
        # A chat line and the log before the reload come back after it (issue 43).
        page.d.find_element(By.ID, 'chat-input').send_keys('still here?\n')
        wait_for('the chat line', lambda: 'still here?' in page.d.find_element(By.CSS_SELECTOR, 'ol.chat').text)
        page.tap(page.d.find_element(By.XPATH, "//button[starts-with(normalize-space(.), 'Hint')]"))
        log_before = wait_for('the hint in the log', lambda: (lambda t: 'hint:' in t and t)(page.d.find_element(By.CSS_SELECTOR, 'ol.log').text))
        page.reload()
        wait_for('the room after a reload', lambda: page.js('return window.cardserverPage && window.cardserverPage.state && window.cardserverPage.state.room') == code)
        expect([c['id'] for c in page.state()['board']] == board, 'the same board after a reload')
        chat = wait_for('the chat after the reload', lambda: page.d.find_element(By.CSS_SELECTOR, 'ol.chat').text)
        expect('stayer still here?' in chat, f'the chat after a reload: {chat!r}')
        log_after = page.d.find_element(By.CSS_SELECTOR, 'ol.log').text
        expect(log_before and log_after.startswith(log_before), f'the log after a reload: {log_after!r}, before: {log_before!r}')
        page.check()
        run.server.kill()
        wait_for('the page to see the server gone', lambda: 'server is away' in page.d.find_element(By.ID, 'status').text, 10)
        run.server.start()
        wait_for('the page back in its room', lambda: page.js('return window.cardserverPage.state && window.cardserverPage.state.cause && window.cardserverPage.state.cause.kind') in ('back',) and page.state()['room'] == code, 40)
        expect([c['id'] for c in page.state()['board']] == board, 'the same board after the server restarted')
        expect(page.state()['players'][0]['connected'], 'connected again')
        # The page's tries to reconnect while the server was down were refused: Chrome logs each
        # as a console error of its own. Those, and only those, are expected here.
        page.console += [l for l in page.d.get_log('browser') if not ('ERR_CONNECTION_REFUSED' in l['message'] and '/ws' in l['message'])]
        page.check()
        return f'room {code} kept through a reload and a SIGKILL'
    finally:
        page.close()


def scenario_links_and_mixed_rps(run):
    """A TCP player makes a 2-seat rps room; a browser joins by #join= link, another watches by #watch=."""
    tcp = Watcher(run.server.port, 'tcpann')
    tcp.send({'type': 'create', 'game': 'rps', 'options': {'rounds': 1}})
    joined = wait_for('joined', lambda: tcp.first('joined'))
    code = joined['room']
    player = Page(run, 1280, 900)
    fan = Page(run, 360, 640, touch=True)
    try:
        player.open(f'#join={code}')
        player.login('webbob', into_room=True)
        wait_for('the browser seated', lambda: player.state() and player.state()['phase'] == 'playing')
        fan.open(f'#watch={code}')
        fan.login('webfan', into_room=True)
        wait_for('the watcher badge', lambda: fan.d.find_elements(By.CSS_SELECTOR, '.badge'))
        while player.state()['phase'] == 'playing':
            s = player.state()
            if s['your_throw'] is None:
                player.tap(player.d.find_element(By.CSS_SELECTOR, 'button.sign[aria-label^="throw paper"]'))
                wait_for('the throw', lambda: player.seq() != s['seq'])
            if tcp.state and 'tcpann' in tcp.state['waiting_on']:
                tcp.send({'type': 'throw', 'sign': 'rock'})
                time.sleep(0.2)
            time.sleep(0.05)
        text = player.game_over_text()
        expect(text == 'You win!', f'paper beats rock: {text!r}')
        fan_text = fan.game_over_text()
        expect(fan_text == 'webbob wins.', f'the spectator reads {fan_text!r}')
        fan.shot('web-rps-phone-spectator')
        player.check()
        fan.check()
        return f'room {code}: TCP rock, browser paper, a phone watching'
    finally:
        player.close()
        fan.close()
        tcp.close()


def set_letter(index, count, rows=3):
    """cardclient's letter for board position `index` (letters run across its three rows)."""
    per_row = [max(0, (count - r + rows - 1) // rows) for r in range(rows)]
    row = index % rows
    return 'abcdefghijklmnopqrstuvwx'[sum(per_row[:row]) + index // rows]


class Terminal:
    """cardclient in a tmux session of its own, with its own state folder."""

    def __init__(self, run, name, *args):
        self.session = f'web-play-{os.getpid()}-{name}'
        home = tempfile.mkdtemp(prefix='web-play-home-')
        client = os.path.join(os.path.dirname(run.server.binary), 'cardclient')
        command = f'HOME={home} XDG_STATE_HOME={home} {client} --port {run.server.port} --name {name} ' + ' '.join(args)
        subprocess.run(['tmux', 'new-session', '-d', '-s', self.session, '-x', '110', '-y', '40', command], check=True)

    def keys(self, *keys):
        subprocess.run(['tmux', 'send-keys', '-t', self.session, *keys], check=True)

    def screen(self):
        return subprocess.run(['tmux', 'capture-pane', '-p', '-t', self.session], capture_output=True, text=True).stdout

    def close(self):
        subprocess.run(['tmux', 'kill-session', '-t', self.session], capture_output=True)


def scenario_cardclient_mixed(run):
    """A browser and cardclient (in tmux) in one Set race and one rps match, each seeing the other."""
    page = Page(run, 1280, 900)
    terms = []
    try:
        page.open()
        page.login('webann')
        code = page.create('set', 2)
        watcher = Watcher(run.server.port, 'setwatch')
        watcher.send({'type': 'watch', 'room': code})
        term = Terminal(run, 'termbob', '--join', code)
        terms.append(term)
        wait_for('the race to start', lambda: watcher.state and watcher.state['phase'] == 'playing', 20)
        turn = 0
        while watcher.state['phase'] == 'playing':
            s = watcher.state
            board = s['board']
            found = next((t for t in itertools.combinations(range(len(board)), 3) if is_set([board[i] for i in t])), None)
            if found is None or page.seq() != s['seq']:
                time.sleep(0.05)
                continue
            if turn % 2 == 0:
                for i in found:
                    page.tap(page.d.find_element(By.CSS_SELECTOR, f'button.setcard[data-id="{board[i]["id"]}"]'))
            else:
                wait_for('the terminal to draw the board', lambda: f'deck {s["deck"]}' in term.screen(), 10)
                term.keys(*[set_letter(i, len(board)) for i in found])
            turn += 1
            wait_for('the claim', lambda: watcher.state['seq'] != s['seq'], 10)
        claims = [m for m in watcher.messages if m['type'] == 'claimed' and m['valid']]
        by = {m['player'] for m in claims}
        expect(by == {'webann', 'termbob'}, f'both found Sets: {by}')
        text = page.game_over_text()
        over = wait_for('game_over', lambda: watcher.first('game_over'))
        expect(text == ('You win!' if over['winners'] == ['webann'] else 'termbob wins.' if over['winners'] == ['termbob'] else text), f'the page says {text!r} for {over["winners"]}')
        wait_for('the terminal to see the end', lambda: 'termbob' in term.screen() and 'webann' in term.screen() and ('win' in term.screen() or 'tie' in term.screen()), 10)
        page.check()
        set_line = f'Set race {code}: {len(claims)} Sets (webann {sum(m["player"] == "webann" for m in claims)}, termbob {sum(m["player"] == "termbob" for m in claims)})'
        watcher.close()
        page.tap(page.d.find_element(By.XPATH, "//button[normalize-space(.)='Leave']"))
        wait_for('the lobby', lambda: page.d.find_elements(By.CSS_SELECTOR, 'form.newgame button[type=submit]'))
        rps = page.create('rps', 2, rounds=1)
        term2 = Terminal(run, 'termcy', '--join', rps)
        terms.append(term2)
        wait_for('the match to start', lambda: page.state()['phase'] == 'playing', 20)
        page.tap(page.d.find_element(By.CSS_SELECTOR, 'button.sign[aria-label^="throw paper"]'))
        wait_for('the terminal to offer its throws', lambda: 'rock' in term2.screen(), 10)
        term2.keys('r')
        text = page.game_over_text()
        expect(text == 'You win!', f'paper beats the terminal\'s rock: {text!r}')
        wait_for('the terminal to read its loss', lambda: 'you lose' in term2.screen(), 10)
        page.check()
        return f'{set_line}; rps {rps}: browser paper beat cardclient rock'
    finally:
        for t in terms:
            t.close()
        page.close()


class Run:
    def __init__(self, args):
        self.server = Server(args.server)
        self.cardbench = args.cardbench
        self.shots = args.shots
        if self.shots:
            os.makedirs(self.shots, exist_ok=True)
        self.checker = SchemaChecker(os.path.join(ROOT, 'Protocol.schema.json'))
        self.sent = 0
        self.received = 0
        self.first_load_failures = 0


def scenario_quickplay(run):
    """Two strangers, one at a desk and one on a phone, each tap Quick play's rps best of 3:
    the wave seats them together, they play it out, and neither saw an error."""
    desk = Page(run, 1280, 900)
    phone = Page(run, 360, 640, True)
    try:
        desk.open()
        desk.login('quinn')
        phone.open()
        phone.login('quill')
        def pool_button(page):
            return wait_for('the pool buttons', lambda: [b for b in page.d.find_elements(By.CSS_SELECTOR, '.quick .pools button')
                                                            if b.text.split(' · ')[0] == 'rock-paper-scissors, best of 3'])[0]
        desk.tap(pool_button(desk))
        wait_for('the wait on the page', lambda: 'Waiting in rock-paper-scissors, best of 3' in desk.d.find_element(By.CSS_SELECTOR, '.quick').text)
        expect('nobody else yet' in desk.d.find_element(By.CSS_SELECTOR, '.quick').text, 'the desk waits alone first')
        desk.shot('web-quickplay-waiting-desktop')
        # The phone's lobby streams the pool's count: one waits there already.
        wait_for('the count on the phone', lambda: pool_button(phone).text == 'rock-paper-scissors, best of 3 · 1 waiting')
        phone.tap(pool_button(phone))
        wait_for('the phone waits', lambda: 'Waiting in' in phone.d.find_element(By.CSS_SELECTOR, '.quick').text or phone.state())
        phone.shot('web-quickplay-waiting-phone')
        rooms = [wait_for('paired', lambda p=p: p.state() and p.state()['room'], timeout=20) for p in (desk, phone)]
        expect(rooms[0] == rooms[1], f'paired in one room, not {rooms}')
        names = sorted(pl['name'] for pl in desk.state()['players'])
        expect(names == ['quill', 'quinn'], f'the players are {names}')
        throws = 0
        while desk.state()['phase'] == 'playing':
            for page, sign in ((desk, 'rock'), (phone, 'scissors')):
                st = page.state()
                if st['phase'] == 'playing' and st['your_throw'] is None:
                    page.tap(page.d.find_element(By.CSS_SELECTOR, f'button.sign[aria-label^="throw {sign}"]'))
                    throws += 1
                    wait_for('the throw', lambda page=page, st=st: page.seq() != st['seq'])
            time.sleep(0.05)
        text = desk.game_over_text()
        expect(text == 'You win!', f'the desk sees {text!r}')
        phone.game_over_text()
        phone.shot('web-quickplay-over-phone')
        desk.check()
        phone.check()
        return f'paired in {rooms[0]}, {throws} throws, {text}'
    finally:
        desk.close()
        phone.close()


def scenario_resign_abort(run):
    """A desk makes an rps room, a phone joins by link: the desk aborts before anyone throws
    (no winner, said in both logs), they rematch, the phone throws and the desk resigns: the
    phone wins at once and sees "resigned" beside the desk's name."""
    desk = Page(run, 1280, 900)
    phone = Page(run, 360, 640, True)
    try:
        desk.open()
        desk.login('deskrae')
        code = desk.create('rps', 2, rounds=3)
        phone.open(f'#join={code}')
        phone.login('phonerae', into_room=True)
        for page in (desk, phone):
            wait_for('the game under way', lambda page=page: page.state() and page.state()['phase'] == 'playing')
            page.js('window.confirm = () => true')  # each concession asks first
        expect(desk.state().get('abortable') is True, 'nobody has moved: abortable')
        desk.tap(wait_for('the abort button', lambda: desk.d.find_elements(By.ID, 'abort'))[0])
        for page in (desk, phone):
            text = page.game_over_text()
            expect(text == 'Game aborted: no result.', f'an abort is no result: {text!r}')
        log = lambda page: page.d.find_element(By.CSS_SELECTOR, '.log').text
        wait_for('the abort in the logs', lambda: 'you aborted the game' in log(desk) and 'deskrae aborted the game' in log(phone))
        desk.shot('web-abort-desktop')
        for page in (desk, phone):
            page.tap(wait_for('the rematch button', lambda page=page: [b for b in page.d.find_elements(By.CSS_SELECTOR, '.actions button.primary') if b.is_enabled()])[0])
        for page in (desk, phone):
            wait_for('the rematch under way', lambda page=page: page.state()['phase'] == 'playing')
            # The log's last lines tell of the aborted game: a line says the next one began.
            wait_for('the new game in the log', lambda page=page: log(page).splitlines()[-1:] == ['a new game began'])
        st = phone.state()
        phone.tap(phone.d.find_element(By.CSS_SELECTOR, 'button.sign[aria-label^="throw rock"]'))
        wait_for('the throw', lambda: phone.seq() != st['seq'])
        wait_for('the desk sees a move was made', lambda: desk.state().get('abortable') is None)
        # The desk sees that the phone has thrown (never what): issue 43, item 5.
        wait_for('the throw shown on the desk', lambda: 'phonerae has thrown ✔' in desk.d.find_element(By.CSS_SELECTOR, '.game .info').text)
        desk.tap(wait_for('the resign button', lambda: desk.d.find_elements(By.ID, 'resign'))[0])
        text = phone.game_over_text()
        expect(text == 'You win!', f'the phone wins when the desk resigns: {text!r}')
        text = desk.game_over_text()
        expect(text == 'phonerae wins.', f'the desk reads {text!r}')
        wait_for('resigned beside the name', lambda: 'resigned' in phone.d.find_element(By.CSS_SELECTOR, f'.players li[data-name="deskrae"]').text)
        wait_for('the resign in the log', lambda: 'deskrae resigned' in log(phone))
        expect(not desk.d.find_elements(By.ID, 'resign'), 'no resign button after the game')
        phone.shot('web-resign-phone')
        desk.shot('web-resign-desktop')
        desk.check()
        phone.check()
        return f'room {code}: aborted, then resigned'
    finally:
        desk.close()
        phone.close()


def scenario_challenge(run):
    """A friend's link (/#challenge=NAME) to a cardclient player in tmux: the browser sends
    rps; the terminal declines the first (the page says so), accepts the second with one key,
    and they play it out in a room of their own."""
    page = Page(run, 1280, 900)
    term = Terminal(run, 'termdee')
    try:
        wait_for('the terminal in the lobby', lambda: 'termdee' in term.screen(), 20)
        page.open('#challenge=termdee')
        page.login('webchal', into_room=False)
        field = wait_for('the challenge field filled in', lambda: [f for f in page.d.find_elements(By.ID, 'challenge-name')
                                                                     if f.get_attribute('value') == 'termdee'])[0]
        Select(page.d.find_element(By.ID, 'game')).select_by_value('rps')
        rounds = page.d.find_element(By.ID, 'opt-rounds')
        rounds.clear()
        rounds.send_keys('1')
        field = page.d.find_element(By.ID, 'challenge-name')
        if field.get_attribute('value') != 'termdee':
            field.send_keys('termdee')
        page.tap(page.d.find_element(By.ID, 'challenge-send'))
        wait_for('the wait on the page', lambda: 'Waiting for termdee' in page.d.find_element(By.ID, 'challenges').text)
        wait_for('the question in the terminal', lambda: 'webchal challenges you to rock-paper-scissors, casual. Accept?' in term.screen(), 10)
        term.keys('n')
        wait_for('the decline on the page', lambda: 'termdee declined your challenge' in page.d.find_element(By.ID, 'status').text)
        expect(not page.d.find_element(By.ID, 'challenges').text, 'nothing waits after the decline')
        page.d.find_element(By.ID, 'challenge-name').send_keys('termdee')
        page.tap(page.d.find_element(By.ID, 'challenge-send'))
        wait_for('the second question', lambda: 'webchal challenges you' in term.screen(), 10)
        page.js('window.scrollTo(0, 0)')
        page.shot('web-challenge-waiting-desktop')
        term.keys('y')
        wait_for('the match under way', lambda: page.state() and page.state()['phase'] == 'playing', 10)
        names = [p['name'] for p in page.state()['players']]
        expect(names == ['webchal', 'termdee'], f'the challenger in seat 1, the one asked in seat 2: {names}')
        page.tap(page.d.find_element(By.CSS_SELECTOR, 'button.sign[aria-label^="throw paper"]'))
        wait_for('the terminal to offer its throws', lambda: 'rock' in term.screen(), 10)
        term.keys('r')
        text = page.game_over_text()
        expect(text == 'You win!', f'paper beats the terminal\'s rock: {text!r}')
        wait_for('the terminal to read its loss', lambda: 'you lose' in term.screen(), 10)
        # The other way: a bot over TCP challenges the browser, which says "not now".
        tcp = Watcher(run.server.port, 'tcpeve')
        try:
            tcp.send({'type': 'challenge', 'name': 'webchal', 'game': 'set'})
            offer = wait_for('the offer on the page', lambda: page.d.find_elements(By.CSS_SELECTOR, '#challenges .challenge'))[0]
            expect(offer.text.startswith('tcpeve challenges you to Set, casual'), f'the page shows {offer.text!r}')
            page.js('window.scrollTo(0, 0)')
            page.shot('web-challenge-offer-desktop')
            page.tap(offer.find_element(By.CSS_SELECTOR, 'button.later'))
            declined = wait_for('the decline over TCP', lambda: tcp.first('challenge_declined'))
            expect(declined['reason'] == 'later' and declined['by'] == 'webchal', f'the bot reads {declined}')
            expect(not page.d.find_elements(By.CSS_SELECTOR, '#challenges .challenge'), 'the offer is gone from the page')
        finally:
            tcp.close()
        page.check()
        return 'declined once, then accepted from cardclient; browser paper beat rock; a TCP challenge answered "later"'
    finally:
        term.close()
        page.close()


def scenario_seek(run):
    """A phone offers a Set race for two as a seek; a desk sees it under Open seeks and
    taps Play: both sit in one room, the race under way; then the phone's second seek is
    taken back."""
    phone = Page(run, 360, 640, True)
    desk = Page(run, 1280, 900)
    try:
        phone.open()
        phone.login('phoneseek')
        Select(phone.d.find_element(By.ID, 'game')).select_by_value('set')
        phone.tap(phone.d.find_element(By.ID, 'seek-send'))
        wait_for('the seek open on the phone', lambda: phone.d.find_elements(By.ID, 'seek-cancel'))
        desk.open()
        desk.login('deskseek')
        desk.tap(wait_for('the online button', lambda: desk.d.find_elements(By.ID, 'players-ask'))[0])
        wait_for('the phone online on the desk', lambda: [li for li in desk.d.find_elements(By.CSS_SELECTOR, '.players-online li')
                                                          if li.get_attribute('data-name') == 'phoneseek'], 10)
        row = wait_for('the seek on the desk', lambda: [li for li in desk.d.find_elements(By.CSS_SELECTOR, '.seeks li[data-seek]')
                                                        if li.text.startswith('phoneseek · Set · casual')], 10)[0]
        desk.js('window.scrollTo(0, 0)')
        desk.shot('web-seeks-desktop')
        desk.tap(row.find_element(By.CSS_SELECTOR, 'button'))
        for page in (desk, phone):
            wait_for('the race under way', lambda page=page: page.state() and page.state()['phase'] == 'playing', 10)
        names = [p['name'] for p in desk.state()['players']]
        expect(names == ['phoneseek', 'deskseek'], f'the seeker in seat 1: {names}')
        phone.shot('web-seek-taken-phone')
        desk.check()
        phone.check()
        return f'room {desk.state()["room"]}: a Set race from a seek'
    finally:
        desk.close()
        phone.close()


def scenario_link_after_game(run):
    """A friend's link while the page sits in a finished room (issue 43, item 6): the page
    leaves the room by itself and follows the link; during a game under way it does not."""
    page = Page(run, 1280, 900)
    tcp = Watcher(run.server.port, 'tcpfriend')
    try:
        page.open()
        page.login('linkann')
        page.create('rps', 1, rounds=1, bot='random')
        play_rps_to_end(page)
        tcp.send({'type': 'create', 'game': 'set', 'seats': 2})
        code = wait_for('the friend\'s room', lambda: tcp.first('joined'))['room']
        page.js(f'location.hash = "#join={code}"')
        wait_for('the page in the friend\'s room', lambda: page.state() and page.state()['room'] == code and page.state()['phase'] == 'playing', 10)
        names = [p['name'] for p in page.state()['players']]
        expect(names == ['tcpfriend', 'linkann'], f'seated with the friend: {names}')
        # Now a game is under way: another link is not followed, and the page says why.
        page.js('location.hash = "#join=ZZZZ"')
        wait_for('the refusal', lambda: 'you are playing in room' in page.d.find_element(By.ID, 'status').text)
        expect(page.state()['room'] == code, 'still in the friend\'s room')
        page.check()
        return f'left a finished room for #join={code}; refused a link during the race'
    finally:
        page.close()
        tcp.close()


def scenario_klondike_double_click(run):
    """A double click on a card sends it where it fits once (issue 43, item 1: the page sent a
    second `auto` after the two clicks' one, which moved the next card unasked)."""
    page = Page(run, 1280, 900)
    try:
        page.open()
        page.login('dblclick')
        page.js(AUTO_HOME_OFF)  # only the double click moves a card
        page.create('klondike', 1)
        card = wait_for('a face-up card on t7', lambda: page.d.find_elements(By.CSS_SELECTOR, '[data-pile="t7"] .kcard.up'))[-1]
        page.js('window.__sent = window.__sent.filter(() => false)')
        ActionChains(page.d).double_click(card).perform()
        time.sleep(0.5)  # what the page sends after a double click, it sends at once
        sent = [json.loads(m) for m in page.js('return window.__sent')]
        autos = [m for m in sent if m.get('type') == 'auto']
        expect(len(autos) == 1 and autos[0]['from'] == 't7', f'one auto from t7, not {sent}')
        page.check()
        return 'a double click sent one auto'
    finally:
        page.close()


# Issue 43, item 4: a browser with no emoji font. This fontconfig file keeps the machine's
# fonts but refuses every emoji font and every colour font, as a machine without one.
NO_EMOJI_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont>
    <glob>*Emoji*</glob>
    <pattern><patelt name="color"><bool>true</bool></patelt></pattern>
  </rejectfont></selectfont>
</fontconfig>
"""

# What an emoji is in a line of text here: the pictographs and dingbats the page's faces come
# from (✔, which the plain fonts draw, is not one of the faces), and the emoji selector.
EMOJI = re.compile('[\U0001F000-\U0001FAFF\u2300-\u23FF\u2600-\u2713\u2715-\u27BF\u2B00-\u2BFF\uFE0F]')
# A face's lettered form: words of letters.
WORDED = re.compile(r'^[A-Za-z][A-Za-z -]*$')


def colour_fonts(fonts=None):
    """The colour fonts fontconfig offers (with `fonts`, under that configuration)."""
    env = {**os.environ, 'FONTCONFIG_FILE': fonts} if fonts else None
    return subprocess.run(['fc-list', ':color=true', 'family'], env=env, capture_output=True, text=True, check=True).stdout.splitlines()


def no_emoji_fonts():
    path = os.path.join(tempfile.mkdtemp(prefix='web-fonts-'), 'fonts.conf')
    with open(path, 'w') as f:
        f.write(NO_EMOJI_FONTS)
    expect(not colour_fonts(path), f'{path} still offers {colour_fonts(path)}')
    return path


def no_emoji_class(page):
    return page.js("return document.documentElement.classList.contains('no-emoji')")


def play_concentration_by_sight(page, shot=None, seen_toasts=None):
    """Flips until the game is over, choosing from what the cards show (their text as drawn),
    never from the faces in the state: a pair is two cards that look alike. The state is read
    only to check: each card believed to match another does, and each face has one look of
    its own. Returns the number of flips and the looks ({face: text})."""
    looks = {}  # face in the state -> its text on the page
    seen = {}   # card index -> its text, once seen
    flips = 0
    def drawn():
        """The state and the cards' text once the page shows that state: a state just come
        may not be drawn yet, and a choice made from the old drawing can flip a card that has
        turned back since (a loaded machine saw it)."""
        s = page.state()
        shown = page.js("return [...document.querySelectorAll('.memgrid button')].map((b) => b.querySelector('.face').innerText)")
        same = page.seq() == s['seq'] and all(bool(text) == (c['face'] is not None) for text, c in zip(shown, s['cards']))
        return (s, shown) if same else None

    while page.state()['phase'] == 'playing':
        s, shown = wait_for('the page drawing its state', drawn)
        for i, text in enumerate(shown):
            if text:
                seen[i] = text
                face = s['cards'][i]['face']
                expect(looks.setdefault(face, text) == text, f'{face} shows as {looks[face]!r} and as {text!r}')
        up = [i for i, c in enumerate(s['cards']) if shown[i] and not c['matched']]
        hidden = [i for i in range(len(shown)) if not shown[i]]
        fresh = [i for i in hidden if i not in seen]
        partner = None
        if len(up) == 1:
            partner = next((i for i in hidden if seen.get(i) == shown[up[0]]), None)
            target = partner if partner is not None else (fresh or hidden)[0]
        else:
            by_look = {}
            for i in hidden:
                if i in seen:
                    by_look.setdefault(seen[i], []).append(i)
            pair = next((v for v in by_look.values() if len(v) == 2), None)
            target = pair[0] if pair else (fresh or hidden)[0]
        page.tap(page.d.find_element(By.CSS_SELECTOR, f'.memgrid button:nth-child({target + 1})'))
        flips += 1
        wait_for('the flip', lambda: page.seq() != s['seq'])
        if partner is not None:
            expect(page.state()['cards'][partner]['matched'], f'cards {up[0]} and {partner} look alike ({seen[partner]!r}) but are no pair')
        if seen_toasts is not None:
            t = toast(page)
            if t:
                seen_toasts.append(t['text'])
        if flips == 5 and shot:
            page.shot(shot)
    return flips, looks


def scenario_no_emoji(run, width=1280, height=900, touch=False, tag='desktop', theme='sports', pairs=20):
    """Issue 43, item 4: Chromium with no emoji font. The page notices, draws rps signs,
    words Concentration's faces (one word a face, no two alike) and draws the replay buttons;
    Concentration is played to its end from what the cards show. Then, with the machine's
    emoji font, the same page keeps its emoji."""
    page = Page(run, width, height, touch, fonts=no_emoji_fonts(), exact=True)
    try:
        page.open()
        expect(no_emoji_class(page), 'no emoji font, yet <html> has no no-emoji class')
        page.login(f'noemo{tag[:1]}')
        page.create('rps-brain', 1, rounds=1)
        wait_for('the prompt', lambda: page.d.find_elements(By.CSS_SELECTOR, '.prompt svg.icon.drawn'))
        expect(len(page.d.find_elements(By.CSS_SELECTOR, 'button.sign svg.icon.drawn')) == 3, 'the three signs drawn')
        text = page.d.find_element(By.CSS_SELECTOR, '.game').text
        expect(not EMOJI.search(text), f'rps-brain shows emoji: {text!r}')
        page.shot(f'web-no-emoji-brain-{tag}')
        leave_room(page)
        page.create('rps', 1, rounds=1, bot='random')
        # Read in one go: the robot's throw draws the buttons again.
        signs = page.js("return [...document.querySelectorAll('button.sign')].map((b) => [b.querySelectorAll('svg.icon.drawn').length, b.innerText.split('\\n')[0]])")
        expect(signs == [[1, 'rock'], [1, 'paper'], [1, 'scissors']], f'the signs are {signs}')
        page.shot(f'web-no-emoji-rps-{tag}')
        result, _ = play_rps_to_end(page)
        text = page.d.find_element(By.CSS_SELECTOR, '.game').text + page.d.find_element(By.CSS_SELECTOR, '.log').text
        expect(not EMOJI.search(text), f'rps shows emoji: {text!r}')
        leave_room(page)
        page.create('concentration', 1, pairs=pairs, theme=theme)
        flips, looks = play_concentration_by_sight(page, f'web-no-emoji-concentration-{tag}')
        expect(page.game_over_text() == 'You win!', 'Concentration won by sight')
        page.shot(f'web-no-emoji-concentration-{tag}-over')
        expect(len(looks) == pairs, f'{len(looks)} faces seen of {pairs}')
        bad = {f: t for f, t in looks.items() if not WORDED.match(t)}
        expect(not bad, f'faces not in words: {bad}')
        expect(len(set(looks.values())) == pairs, f'two faces look alike: {looks}')
        # The replay's buttons: drawn, not boxes.
        page.tap(page.d.find_element(By.LINK_TEXT, 'Watch the replay'))
        wait_for('the replay', lambda: page.d.find_elements(By.CSS_SELECTOR, '.replay button svg.skip'))
        buttons = [b.text for b in page.d.find_elements(By.CSS_SELECTOR, '.replay .row button')]
        expect(len(page.d.find_elements(By.CSS_SELECTOR, '.replay .row button svg.skip')) == 2 and not EMOJI.search(' '.join(buttons)),
               f'the replay buttons read {buttons}')
        for step in (1, 2):  # each step draws the buttons again
            page.tap(page.d.find_element(By.CSS_SELECTOR, '.replay button[aria-label="next step"]'))
            wait_for(f'step {step}', lambda: f'step {step} of' in page.d.find_element(By.CSS_SELECTOR, '.replay .stepno').text)
        page.shot(f'web-no-emoji-replay-{tag}')
        page.check()
    finally:
        page.close()
    return f'rps signs drawn ({result}); Concentration ({theme}, {pairs} pairs) won by sight in {flips} flips, each face a word of its own; replay buttons drawn; ' + with_emoji(run, width, height, touch, tag, theme)


def with_emoji(run, width, height, touch, tag, theme):
    """The same page with the machine's fonts: with an emoji font among them, no no-emoji
    class and the faces as emoji."""
    if not colour_fonts():
        expect(os.environ.get('CARDSERVER_REQUIRE_PEERS') != '1', 'CARDSERVER_REQUIRE_PEERS=1 and no colour emoji font (apt-get install fonts-noto-color-emoji)')
        return 'with emoji: not checked, no emoji font here'
    page = Page(run, width, height, touch, exact=True)
    try:
        page.open()
        expect(not no_emoji_class(page), 'an emoji font is installed, yet <html> has the no-emoji class')
        page.login(f'emo{tag[:1]}')
        page.create('rps', 1, rounds=1, bot='random')
        icons = page.js("return [...document.querySelectorAll('button.sign .icon')].map((e) => e.textContent)")
        expect(icons == ['✊', '✋', '✌️'], f'the signs are {icons}')
        page.shot(f'web-emoji-rps-{tag}')
        leave_room(page)
        page.create('concentration', 1, pairs=8, theme=theme)
        s = page.state()
        page.tap(page.d.find_element(By.CSS_SELECTOR, '.memgrid button:nth-child(1)'))
        wait_for('the flip', lambda: page.seq() != s['seq'])
        face = page.state()['cards'][0]['face']
        shown = page.d.find_element(By.CSS_SELECTOR, '.memgrid button:nth-child(1) .face').text
        expect(shown == face, f'with an emoji font the card shows {shown!r}, not {face!r}')
        page.shot(f'web-emoji-concentration-{tag}')
        page.check()
        return f'with {colour_fonts()[0]}: emoji kept'
    finally:
        page.close()


# Issue 43, item 3: feedback where the eyes are.
def broken_rule(cards):
    """CardClient's Narration.brokenRule: the first feature neither all alike nor all different."""
    for name, key, plural in (('counts', 'count', 's'), ('shapes', 'shape', 's'), ('colours', 'color', ''), ('fills', 'fill', '')):
        values = [str(c[key]) for c in cards]
        if len(set(values)) == 2:
            twice = next(v for v in values if values.count(v) == 2)
            once = next(v for v in values if v != twice)
            return f'the {name} are two {twice}{plural} and one {once}'
    return None


def toast(page):
    """The toast shown now: its text, and whether it is drawn whole inside the window."""
    return page.js("""const t = document.querySelector('.toast');
      if (!t || getComputedStyle(t).display === 'none') return null;
      const r = t.getBoundingClientRect();
      return {text: t.innerText, rect: [r.left, r.top, r.right, r.bottom],
              inside: r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight};""")


def expect_toast(page, words, shot=None):
    t = wait_for(f'a toast saying {words!r}', lambda: (toast(page) or {}).get('text', '').find(words) >= 0 and toast(page), timeout=5)
    expect(t['inside'], f'the toast {t["text"]!r} is not inside the window: {t["rect"]}')
    wait_for('the toast displayed (it fades in)', lambda: page.d.find_element(By.CSS_SELECTOR, '.toast').is_displayed(), timeout=2)
    if shot:
        time.sleep(0.2)  # past its fade-in
        page.shot(shot)
    return t


def in_view(page, element):
    return page.d.execute_script("""const r = arguments[0].getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;""", element)


def tap_cards(page, cards):
    for card in cards:
        # The board is drawn again with every state (the clock, a deal): find the card afresh.
        for attempt in range(5):
            try:
                page.tap(page.d.find_element(By.CSS_SELECTOR, f'button.setcard[data-id="{card["id"]}"]'))
                break
            except StaleElementReferenceException:
                time.sleep(0.05)


def scenario_set_feedback(run, width=1280, height=900, touch=False, tag='desktop'):
    """A Set race against a player over TCP: a claim, a wrong claim (the rule that broke in its
    words) and the rival's wrong claim are each said in a toast by the board, inside the
    window; at the end, the rematch button is in view without scrolling."""
    page = Page(run, width, height, touch, exact=True)
    bob = None
    try:
        page.open()
        page.login(f'racer{tag[:1]}')
        code = page.create('set', 2, variant='junior')
        bob = Watcher(run.server.port, f'bob{tag[:1]}')
        bob.send({'type': 'join', 'room': code})
        wait_for('the race under way', lambda: page.state()['phase'] == 'playing' and bob.state and bob.state['seq'] == page.seq())
        board = bob.state['board']
        right = next(t for t in itertools.combinations(board, 3) if is_set(t))
        tap_cards(page, right)
        expect_toast(page, 'you found a Set +3', f'web-toast-claim-{tag}')
        wait_for('the board after the claim', lambda: bob.state['seq'] == page.seq() and page.state()['board'] != board)
        board = bob.state['board']
        wrong = next(t for t in itertools.combinations(board, 3) if not is_set(t))
        tap_cards(page, wrong)
        t = expect_toast(page, f'you: not a Set — {broken_rule(wrong)}, −5', f'web-toast-wrong-{tag}')
        if not touch:
            # By the board, not in the sidebar: its middle is over the board.
            r = page.js("const r = document.querySelector('.setboard').getBoundingClientRect(); return [r.left, r.right, r.bottom];")
            middle = (t['rect'][0] + t['rect'][2]) / 2
            expect(r[0] <= middle <= r[1] and t['rect'][1] <= r[2] + 40, f'the toast {t["rect"]} is not by the board {r}')
        before = page.seq()
        wait_for('bob sees the wrong claim', lambda: bob.state['seq'] >= before)
        theirs = next(t for t in itertools.combinations(bob.state['board'], 3) if not is_set(t))
        bob.send({'type': 'claim', 'cards': [c['id'] for c in theirs]})
        expect_toast(page, f'bob{tag[:1]}: not a Set — {broken_rule(theirs)}, −5')
        claims = play_set(run, page, bob, f'web-set-race-{tag}')
        expect(page.game_over_text() == 'You win!', 'the race won')
        button = wait_for('the rematch button', lambda: [b for b in page.d.find_elements(By.CSS_SELECTOR, '.actions button.primary') if b.text == 'Offer a rematch'])[0]
        y = page.d.execute_script('return arguments[0].getBoundingClientRect().bottom', button)
        expect(in_view(page, button), f'the rematch button is out of view: its bottom at {y:.0f} of {page.js("return innerHeight")}')
        page.shot(f'web-set-race-{tag}-over')
        page.check()
        return f'toasts in the window for a claim and two wrong claims (the rule said); {claims + 1} Sets, then the rematch button in view (bottom at y = {y:.0f})'
    finally:
        page.close()
        if bob:
            bob.close()


def scenario_toasts(run):
    """On a phone: an opponent's rps throw, a Concentration flip and pair, and a Klondike move
    each come with a toast inside the window."""
    page = Page(run, 360, 640, True)
    bob = None
    try:
        page.open()
        page.login('toaster')
        code = page.create('rps', 2, rounds=3)  # the match goes on after a round: its toast stays
        bob = Watcher(run.server.port, 'erin')
        bob.send({'type': 'join', 'room': code})
        wait_for('the match under way', lambda: page.state()['phase'] == 'playing')
        bob.send({'type': 'throw', 'sign': 'rock'})
        expect_toast(page, 'erin has thrown', 'web-toast-rps-phone')
        # Under the signs are Resign and Leave: the toast goes above the board, hiding no button.
        covered = page.js("""const t = document.querySelector('.toast').getBoundingClientRect();
          return [...document.querySelectorAll('button, a[href], input, select, textarea')].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
          }).map((el) => el.innerText || el.id || el.tagName);""")
        expect(not covered, f'the toast hides {covered}')
        page.tap(page.d.find_element(By.CSS_SELECTOR, 'button.sign[aria-label^="throw paper"]'))
        expect_toast(page, 'you won it')
        leave_room(page)
        page.create('concentration', 1, pairs=3)
        toasts = []
        play_concentration_by_sight(page, seen_toasts=toasts)
        expect(any(t.startswith('you turned ') for t in toasts) and any(t.startswith('you found a pair: ') for t in toasts), f'the flips said {toasts}')
        leave_room(page)
        page.js(AUTO_HOME_OFF)  # the first move is the player's
        page.create('klondike', 1, seed=7)
        for m in solution(run, 7):
            before = page.seq()
            tap_move(page, m)
            if m['type'] == 'draw':
                wait_for('the draw', lambda: page.seq() != before)
                continue
            where = 'home' if m['to'].startswith('f') else f'to tableau {m["to"][1:]}'
            t = expect_toast(page, 'you: ', 'web-toast-klondike-phone')
            expect(t['text'].endswith(where), f'the move {m} said {t["text"]!r}')
            break
        page.check()
        return f'rps: erin has thrown; Concentration: {len(toasts)} flips said; Klondike: {t["text"]!r}'
    finally:
        page.close()
        if bob:
            bob.close()


def sent_moves(page):
    """The moves the page sent since the last look, and forgets them."""
    sent = [json.loads(m) for m in page.js('const s = window.__sent; window.__sent = []; return s')]
    return [m for m in sent if m['type'] in ('move', 'auto')]


def hinted(page):
    return page.js("""return [...document.querySelectorAll('.klondike .hint')].map((e) =>
      e.matches('.kcard') ? `${e.closest('[data-pile]').dataset.pile}:${e.dataset.count}` : e.dataset.pile);""")


def won_animation(page):
    """Whether the board has its win class, and the win's CSS animations running."""
    return page.js("""return [document.querySelector('.klondike').classList.contains('won'),
      document.getAnimations().filter((a) => a.animationName === 'kwin').length];""")


def scenario_klondike_comforts(run, width=1280, height=900, touch=False, tag='desktop'):
    """Solitaire comforts (issue 43): deal 24 has A♦ face up, and it goes home by itself; the
    clock runs, moves and the standard score show; the hint marks exactly its card and its
    pile; with auto-play off a safe card on the waste stays there, and turning it on plays it;
    cards are 44 px wide or more (at 360 px too); deal 7 by the solver's moves: Finish is in
    view once nothing is hidden, and the win dances, unless the browser asks for less motion
    (the phone does). Finish is offered with cards still in the stock or the waste, not before
    the state says the server would take it, and its draws win the game."""
    page = Page(run, width, height, touch, exact=True)
    reduced = touch
    try:
        if reduced:
            page.d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-reduced-motion', 'value': 'reduce'}]})
        page.open()
        page.login(f'comfort{tag[:1]}')
        page.create('klondike', 1, seed=24, scoring='standard')
        # Auto-play, on by default: A♦ home without a click, and nothing else is safe.
        wait_for('A♦ home by itself', lambda: page.state()['foundations'][0] == [{'rank': 1, 'suit': 'diamonds'}])
        moves = sent_moves(page)
        expect(len(moves) == 1 and moves[0]['type'] == 'move' and moves[0]['from'][0] == 't' and moves[0]['to'] == 'f1', f'the page sent {moves}')
        expect(page.d.find_element(By.ID, 'kauto').is_selected(), 'auto-play is on by default')
        s = page.state()
        stats = wait_for('the bar', lambda: page.d.find_element(By.CSS_SELECTOR, '.kstats').text)
        expect(s['moves'] == 1 and s['score'] > 0 and stats == f'1 move · score {s["score"]}', f'the bar says {stats!r}')
        clock = page.d.find_element(By.CSS_SELECTOR, '.kclock')
        first = clock.text
        expect(re.fullmatch(r'time 0:0\d', first), f'the clock says {first!r}')
        wait_for('the clock to run', lambda: clock.text != first, timeout=3)
        # Every card's box is 44 px wide or more.
        widths = page.js("return [...document.querySelectorAll('.klondike .kcard, .klondike .kpile')].map((e) => e.getBoundingClientRect().width)")
        expect(min(widths) >= 44, f'a card or pile is {min(widths):.1f} px wide')
        # Auto-play off (kept in localStorage): a draw brings a safe card to the waste; it stays.
        page.tap(page.d.find_element(By.ID, 'kauto'))
        wait_for('auto-play off', lambda: page.js("return localStorage.getItem('cardserver-klondike-auto-home')") == 'off')
        sent_moves(page)
        before = page.seq()
        page.tap(page.d.find_element(By.CSS_SELECTOR, '[data-pile="stock"]'))
        wait_for('the draw', lambda: page.seq() != before)
        waste = page.state()['waste'][0]
        expect(waste['rank'] <= 2, f'deal 24 draws {waste} first')
        time.sleep(1.0)
        moves = sent_moves(page)
        expect(not moves and page.state()['waste'] and page.state()['waste'][0] == waste, f'with auto-play off the page sent {moves}')
        page.tap(page.d.find_element(By.ID, 'kauto'))
        wait_for('the safe card home once auto-play is on', lambda: any(waste in f for f in page.state()['foundations']))
        froms = [m['from'] for m in sent_moves(page)]
        expect(froms[:1] == ['waste'], f'the first move from the waste, not {froms}')
        page.shot(f'web-klondike-comforts-{tag}')
        # The hint, on the board: the stock for a draw (followed), then a move's card and the
        # pile it goes to, nothing else; gone with the next state.
        for _ in range(30):
            seen = page.js('return window.__received.length')
            page.tap(next(b for b in page.d.find_elements(By.CSS_SELECTOR, '.klondike button') if b.text == 'Hint'))
            hint = wait_for('the hint', lambda: next((json.loads(m) for m in page.js('return window.__received')[seen:] if '"suggestion"' in m), None))['move']
            want = ['stock'] if hint['type'] == 'draw' else [f'{hint["from"]}:{hint.get("count", 1)}', hint['to']]
            marked = wait_for('the hint marked', lambda: hinted(page), timeout=3)
            expect(sorted(marked) == sorted(want), f'the hint {hint} marked {marked}')
            if hint['type'] != 'draw':
                break
            before = page.seq()
            page.tap(page.d.find_element(By.CSS_SELECTOR, '[data-pile="stock"]'))
            wait_for('the draw', lambda: page.seq() != before and not hinted(page))
        expect(hint['type'] == 'move', 'a hint to move a card')
        page.shot(f'web-klondike-hint-{tag}')
        page.tap(page.d.find_element(By.ID, 'kauto'))  # off again, for the solver's moves
        wait_for('auto-play off', lambda: page.js("return localStorage.getItem('cardserver-klondike-auto-home')") == 'off')
        page.check()
        leave_room(page)
        # Deal 7 by the solver's moves, auto-play off (the box remembers it): Finish in view as
        # soon as the state offers it, with cards still to draw (issue 43), and not before.
        page.create('klondike', 1, seed=7)
        expect(not wait_for('the box', lambda: page.d.find_elements(By.ID, 'kauto'))[0].is_selected(), 'auto-play stays off')
        steps, _ = play_solution(page, solution(run, 7), touch, tag, shot=None, no_offer_before=True)
        finish = wait_for('the Finish button', lambda: page.d.find_elements(By.CSS_SELECTOR, '.kfinish button'))[0]
        expect(in_view(page, finish), f'Finish is out of view: {finish.rect}')
        offered = page.state()
        to_draw = offered['stock'] + offered['waste_count']
        expect(to_draw > 0 and all(t['down'] == 0 for t in offered['tableau']),
               f'Finish offered with {offered["stock"]} in the stock, {offered["waste_count"]} on the waste, {[t["down"] for t in offered["tableau"]]} face down')
        page.shot(f'web-klondike-finish-{tag}')
        page.tap(finish)
        won = wait_for('the win', lambda: page.state()['phase'] == 'over' and won_animation(page) or None)
        if reduced:
            expect(won == [False, 0], f'with reduced motion the win moved: {won}')
        else:
            expect(won[0] and won[1] > 0, f'the win did not dance: {won}')
            page.shot(f'web-klondike-won-{tag}')
        expect(page.game_over_text() == 'You win!', 'the game won')
        page.check()
        return (f'A♦ home by itself, the hint marked {marked}, a safe card kept back while off; {steps} steps then Finish '
                f'with {to_draw} cards to draw, won in {page.state()["moves"]} moves; win animation {won}')
    finally:
        page.close()


def scenario_form_rules(run):
    """The new-game form follows the catalog's rules (issue 43, item 8: daily with four seats,
    or rps's robot with two, were offered and refused on Create): the field changed keeps its
    value and the others give way; a random walk over every game's fields never leaves a
    combination the catalog refuses; and daily Set, chosen over four seats, is created."""
    page = Page(run, 1280, 900)
    try:
        page.open()
        page.login('formy')

        def value(field_id):
            return page.d.find_element(By.ID, field_id).get_attribute('value')

        def type_in(field_id, text):
            field = page.d.find_element(By.ID, field_id)
            field.clear()
            field.send_keys(text + '\t')  # Tab: the change is made on leaving the field, as a person does

        def choose(field_id, raw):
            Select(page.d.find_element(By.ID, field_id)).select_by_value(raw)

        Select(page.d.find_element(By.ID, 'game')).select_by_value('set')
        type_in('seats', '4')
        choose('opt-daily', 'true')
        expect(value('seats') == '1', f"daily takes one seat, the form shows {value('seats')}")
        # The player is told what gave way, and why.
        said = page.d.find_element(By.ID, 'status').text
        expect(said == 'The form changed seats to 1 to go with daily "yes".', f'the page says {said!r}')
        type_in('opt-seed', '7')
        expect(value('opt-daily') == 'false', 'a seed turns daily off')
        said = page.d.find_element(By.ID, 'status').text
        expect(said == 'The form changed daily to no to go with seed "7".', f'the page says {said!r}')
        type_in('seats', '3')
        expect(value('opt-seed') == '', f"three seats take the seed away, not {value('opt-seed')!r}")
        Select(page.d.find_element(By.ID, 'game')).select_by_value('rps')
        choose('opt-bot', 'adaptive')
        expect(value('seats') == '1', 'the robot plays in a room of one')
        type_in('seats', '2')
        expect(value('opt-bot') == '', 'two seats: no robot')
        type_in('seats', '1')
        expect(value('opt-bot') == 'random', f"one seat needs the robot, the form chose {value('opt-bot')!r}")
        Select(page.d.find_element(By.ID, 'game')).select_by_value('klondike')
        type_in('opt-seed', '5')
        choose('opt-winnable', 'true')
        expect(value('opt-seed') == '', 'winnable takes the seed away')

        # A random walk over each game's fields, through the page's own inputs and events; each
        # form the walk leaves is checked here against the catalog's rules (Protocol.md, The
        # game catalog), not with the page's own code.
        walked = page.d.execute_script("""
            const lobby = window.cardserverPage.screen;
            let seed = 11;
            const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
            const forms = [];
            for (const game of window.cardserverPage.catalog) {
              // The form is built again for each game: its select too.
              const gameSelect = document.getElementById('game');
              gameSelect.value = game.name;
              gameSelect.dispatchEvent(new Event('change'));
              for (let step = 0; step < 300; step += 1) {
                const fields = [document.getElementById('seats'), ...lobby.optionInputs.map((f) => f.input)];
                const field = fields[random(fields.length)];
                if (field.tagName === 'SELECT') field.value = field.options[random(field.options.length)].value;
                else if (field.id === 'seats') field.value = String(game.seats.min + random(game.seats.max - game.seats.min + 1));
                else field.value = random(3) === 0 ? '' : String(field.min ? Number(field.min) + random(5) : random(5));
                field.dispatchEvent(new Event('change'));
                const options = {};
                for (const { option, input } of lobby.optionInputs) options[option.name] = lobby.optionValue(option, input.value);
                forms.push([game.name, Number(document.getElementById('seats').value), options]);
              }
            }
            return forms;
        """)
        catalog = {g['name']: g for g in page.js('return window.cardserverPage.catalog')}

        def refused(game, seats, options):
            given = lambda v: v is not None and v is not False
            within = lambda r: r is not None and r['min'] <= seats <= r['max']
            for o in catalog[game]['options']:
                mine = given(options.get(o['name']))
                if mine and o.get('seats') and not within(o['seats']):
                    return f"{o['name']} needs {o['seats']} seats"
                if mine and any(given(options.get(x)) for x in o.get('excludes', [])):
                    return f"{o['name']} with one of {o['excludes']}"
                if not mine and within(o.get('required_for_seats')):
                    return f"{seats} seats need {o['name']}"
            return None
        broken = [f'{g}, {n} seats, {o}: {refused(g, n, o)}' for g, n, o in walked if refused(g, n, o)]
        expect(len(walked) == 300 * len(catalog), f'{len(walked)} forms walked')
        expect(broken == [], f'the form reached combinations the catalog refuses: {broken}')

        Select(page.d.find_element(By.ID, 'game')).select_by_value('set')
        type_in('seats', '4')
        choose('opt-daily', 'true')
        page.tap(page.d.find_element(By.CSS_SELECTOR, 'form.newgame button[type=submit]'))
        wait_for('the daily room', lambda: page.state() and page.state()['room'])
        state = page.state()
        expect(len(state['players']) == 1 and state['phase'] == 'playing', f"a daily Set for one: {len(state['players'])} players, {state['phase']}")
        page.check()
        return 'the form followed the rules; 300 random changes a game kept to them; daily Set created'
    finally:
        page.close()


def scenario_daily_front(run):
    """Dailies in front (issue 43): the lobby's Daily card offers Daily Set and Daily Klondike
    with one tap each; a daily Klondike played a move and left puts the player on the day's
    board, and the card says so with their rank."""
    page = Page(run, 1280, 900)
    try:
        page.open()
        page.login('dayann')
        card = wait_for('the Daily card', lambda: page.d.find_elements(By.CSS_SELECTOR, '.card.daily button'))
        labels = sorted(b.text for b in card)
        expect(labels == ['Daily Klondike', 'Daily Set'], f'the daily buttons: {labels}')
        wait_for('the boards', lambda: 'Nobody has played it today yet.' in page.d.find_element(By.CSS_SELECTOR, '.card.daily').text)
        page.tap(page.d.find_element(By.ID, 'daily-klondike'))
        wait_for('the daily room', lambda: page.state() and page.state()['phase'] == 'playing')
        sent = [json.loads(m) for m in page.js('return window.__sent') if '"create"' in m]
        expect(sent[-1] == {'type': 'create', 'game': 'klondike', 'seats': 1, 'options': {'daily': True}} or
               {k: v for k, v in sent[-1].items() if k != 'id'} == {'type': 'create', 'game': 'klondike', 'seats': 1, 'options': {'daily': True}},
               f'the create sent: {sent[-1]}')
        before = page.seq()
        page.tap(page.d.find_element(By.CSS_SELECTOR, '[data-pile="stock"]'))
        wait_for('the draw', lambda: page.seq() != before)
        leave_room(page)
        text = wait_for('the board with dayann on it', lambda: (lambda t: 'you 1st' in t and t)(page.d.find_element(By.CSS_SELECTOR, '.card.daily').text), 20)
        expect('1 played today · best dayann · you 1st' in text, f'the Daily card says {text!r}')
        page.shot('web-daily-lobby-desktop')
        page.check()
        # A phone that has not played it sees the board without a rank of its own.
        phone = Page(run, 360, 640, True)
        try:
            phone.open()
            phone.login('dayphone')
            said = wait_for('the phone\'s Daily card', lambda: (lambda t: 'best dayann' in t and t)(phone.d.find_element(By.CSS_SELECTOR, '.card.daily').text))
            expect('1 played today · best dayann' in said and 'you ' not in said, f'the phone\'s Daily card says {said!r}')
            phone.shot('web-daily-lobby-phone')
            phone.check()
        finally:
            phone.close()
        return 'Daily Set and Daily Klondike in the lobby; a daily Klondike left after a draw: "1 played today · best dayann · you 1st"; a phone sees it without a rank'
    finally:
        page.close()


def scenario_lobby_options(run):
    """A room's options in the lobby (issue 43, item 9): an UltraSet room and a Klondike drawing
    three read as "Set · ultra" and "Klondike · draw 3 · vegas", a default Set room as "Set"
    alone; the Klondike's seed, which would tell the deal, is in no line the page was sent."""
    page = Page(run, 1280, 900)
    makers = []
    try:
        page.open()
        page.login('optseer')
        creates = [
            ('optultra', {'type': 'create', 'game': 'set', 'seats': 2, 'options': {'variant': 'ultra'}}),
            ('optklon', {'type': 'create', 'game': 'klondike', 'options': {'seed': 4242, 'draw': 3, 'scoring': 'vegas'}}),
            ('optplain', {'type': 'create', 'game': 'set', 'seats': 2, 'options': {'variant': 'classic'}}),
        ]
        codes = []
        for name, create in creates:
            maker = Watcher(run.server.port, name)
            makers.append(maker)
            maker.send(create)
            codes.append(wait_for(f'{name}\'s room', lambda: (maker.first('joined') or {}).get('room')))

        def line(code):
            return [li.text for li in page.d.find_elements(By.CSS_SELECTOR, '.roomlist li') if code in li.text]
        # "with" sets the players apart from the options (a name read as one more option before).
        want = ['Set · ultra · with optultra · 1/2 seats · waiting', 'Klondike · draw 3 · vegas · with optklon · 1/1 seats · playing',
                'Set · with optplain · 1/2 seats · waiting']
        for code, words in zip(codes, want):
            shown = wait_for(f'room {code} in the lobby', lambda: (lambda l: l and words in l[0] and l[0])(line(code)), 20)
            expect(words in shown, f'room {code} reads {shown!r}')
        received = page.js('return window.__received') or []
        summaries = [r for m in map(json.loads, received) for r in
                     (m.get('rooms', []) if m['type'] in ('rooms', 'lobby') else [m['room']] if m['type'] in ('room_opened', 'room_changed') else [])]
        expect(any(r.get('options') == {'draw': 3, 'scoring': 'vegas'} for r in summaries), f'the Klondike room as sent: {summaries}')
        expect(not any('4242' in raw for raw in received), 'the Klondike room\'s seed reached the lobby')
        page.js('document.querySelector(".roomlist").scrollIntoView({block: "center"})')
        page.shot('web-lobby-options')
        page.check()
        return 'the lobby reads "Set · ultra", "Klondike · draw 3 · vegas" (its seed sent to nobody) and "Set" for a classic room'
    finally:
        for maker in makers:
            maker.close()
        page.close()


SCENARIOS = {
    'set': lambda run: scenario_set(run),
    'set-phone': lambda run: scenario_set(run, 360, 640, True, 'phone'),
    'rps': scenario_rps,
    'rps-brain': lambda run: scenario_brain(run),
    'rps-brain-phone': lambda run: scenario_brain(run, 360, 640, True, 'phone'),
    'concentration': lambda run: scenario_concentration(run),
    'concentration-phone': lambda run: scenario_concentration(run, 360, 640, True, 'phone'),
    'klondike': lambda run: scenario_klondike(run),
    'klondike-phone': lambda run: scenario_klondike(run, 360, 640, True, 'phone'),
    'links-mixed-rps': scenario_links_and_mixed_rps,
    'cardclient-mixed': scenario_cardclient_mixed,
    'reload-restart': scenario_reload_and_restart,
    'account': scenario_account,
    'ratings': scenario_ratings,
    'quickplay': scenario_quickplay,
    'resign-abort': scenario_resign_abort,
    'challenge': scenario_challenge,
    'seek': scenario_seek,
    'link-after-game': scenario_link_after_game,
    'klondike-double-click': scenario_klondike_double_click,
    'no-emoji': lambda run: scenario_no_emoji(run),
    'no-emoji-phone': lambda run: scenario_no_emoji(run, 360, 640, True, 'phone', 'food', 8),
    'set-feedback': lambda run: scenario_set_feedback(run),
    'set-feedback-phone': lambda run: scenario_set_feedback(run, 360, 640, True, 'phone'),
    'toasts-phone': scenario_toasts,
    'form-rules': scenario_form_rules,
    'daily-front': scenario_daily_front,
    'lobby-options': scenario_lobby_options,
    'klondike-comforts': lambda run: scenario_klondike_comforts(run),
    'klondike-comforts-phone': lambda run: scenario_klondike_comforts(run, 360, 640, True, 'phone'),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--server')
    parser.add_argument('--cardbench', default=None)
    parser.add_argument('--shots', default=None)
    parser.add_argument('--only', nargs='*', default=None)
    parser.add_argument('--list', action='store_true', help='print the scenarios\' names, one a line, and exit')
    args = parser.parse_args()
    if args.list:
        print('\n'.join(SCENARIOS))
        return
    if not args.server:
        parser.error('--server is required')
    unknown = [name for name in args.only or [] if name not in SCENARIOS]
    if unknown:
        parser.error(f'no such scenario: {", ".join(unknown)} (--list names them)')
    args.cardbench = args.cardbench or os.path.join(os.path.dirname(args.server), 'cardbench')
    run = Run(args)
    failed = 0
    started = time.time()
    try:
        for name, fn in SCENARIOS.items():
            if args.only and name not in args.only:
                continue
            t = time.time()
            try:
                print(f'web: {name}: ok, {fn(run)} ({time.time() - t:.1f} s)', flush=True)
            except Exception as e:  # noqa: BLE001 - a scenario's failure is reported, the others still run
                failed += 1
                print(f'web: {name}: FAILED: {e}', flush=True)
                traceback.print_exc()
    finally:
        run.server.stop()
    print(f'web: {len(args.only or SCENARIOS) - failed} passed, {failed} failed; {run.sent} lines sent and {run.received} received, all valid; {run.first_load_failures} loads reloaded ({time.time() - started:.0f} s)')
    sys.exit(1 if failed else 0)


main()
