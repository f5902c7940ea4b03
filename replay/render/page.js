// The replay page: the map is drawn once; each step applies the changes of
// one entry (pieces moved, added, removed; areas of the overlays), and a step
// back undoes them. All text from the log goes in with textContent, never as
// markup; the only markup set here is the renderer's own (counters, arrows).
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('replay-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var $ = function (id) { return document.getElementById(id); };
  var svg = $('map'), gPieces = $('pieces'), gMoves = $('moves'), gCombat = $('combat');
  var N = D.frames.length, P = D.pieces.length;
  var look = new Int32Array(P).fill(-1), px = new Float64Array(P), py = new Float64Array(P);
  var els = new Array(P);
  var layerEls = D.layers.map(function (_, i) { return $('L' + i); });
  var cellUse = D.layers.map(function () { return new Map(); });

  // What each frame changes, with the values it replaces, for stepping back;
  // and for each frame the frame whose notes apply.
  var undo = new Array(N), notesAt = new Int32Array(N), turnStart = [];
  (function () {
    var l = new Int32Array(P).fill(-1), x = new Float64Array(P), y = new Float64Array(P), n = 0, turn = -1;
    for (var f = 0; f < N; f++) {
      var fr = D.frames[f], u = [];
      (fr.p || []).forEach(function (c) {
        var i = c[0];
        u.push([i, l[i], x[i], y[i]]);
        l[i] = c[1]; x[i] = c[2]; y[i] = c[3];
      });
      undo[f] = u;
      if (fr.notes) n = f;
      notesAt[f] = n;
      if (fr.turn !== turn) { turn = fr.turn; turnStart.push(f); }
    }
  })();

  var cur = -1, touched = new Set();
  function setPiece(i, l, x, y) { look[i] = l; px[i] = x; py[i] = y; touched.add(i); }
  function addArea(l, c) {
    if (cellUse[l].has(c)) return;
    var u = document.createElementNS(NS, 'use');
    u.setAttribute('href', '#a' + l);
    u.setAttribute('x', D.xy[2 * c]);
    u.setAttribute('y', D.xy[2 * c + 1]);
    layerEls[l].appendChild(u);
    cellUse[l].set(c, u);
  }
  function delArea(l, c) {
    var u = cellUse[l].get(c);
    if (u) { u.remove(); cellUse[l].delete(c); }
  }
  function apply(f) {
    var fr = D.frames[f];
    (fr.p || []).forEach(function (c) { setPiece(c[0], c[1], c[2], c[3]); });
    (fr.a || []).forEach(function (a) {
      (a.add || []).forEach(function (c) { addArea(a.l, c); });
      (a.del || []).forEach(function (c) { delArea(a.l, c); });
    });
  }
  function unapply(f) {
    var fr = D.frames[f], u = undo[f];
    for (var k = u.length - 1; k >= 0; k--) setPiece(u[k][0], u[k][1], u[k][2], u[k][3]);
    (fr.a || []).forEach(function (a) {
      (a.add || []).forEach(function (c) { delArea(a.l, c); });
      (a.del || []).forEach(function (c) { addArea(a.l, c); });
    });
  }
  // render puts the touched pieces where the state says, then redraws them
  // top to bottom of the picture, so fanned stacks overlap as printed.
  function render() {
    var moved = false;
    touched.forEach(function (i) {
      var g = els[i];
      if (look[i] < 0) { if (g) g.style.display = 'none'; return; }
      if (!g) {
        g = document.createElementNS(NS, 'g');
        g.setAttribute('class', 'pc');
        g.setAttribute('data-id', D.pieces[i]);
        g.setAttribute('data-i', i);
        els[i] = g;
        moved = true;
      }
      if (g.getAttribute('data-look') !== String(look[i])) {
        g.innerHTML = D.looks[look[i]];
        g.setAttribute('data-look', look[i]);
      }
      var t = 'translate(' + px[i] + ',' + py[i] + ')';
      if (g.getAttribute('transform') !== t) { g.setAttribute('transform', t); moved = true; }
      g.style.display = '';
    });
    touched.clear();
    if (!moved) return;
    var order = [];
    for (var i = 0; i < P; i++) if (els[i] && look[i] >= 0) order.push(i);
    order.sort(function (a, b) { return py[a] - py[b] || px[a] - px[b]; });
    order.forEach(function (i) { gPieces.appendChild(els[i]); });
  }

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function show() {
    var fr = D.frames[cur];
    $('where').textContent = fr.phase || ('Turn ' + fr.turn);
    $('phase').textContent = fr.phase || '';
    $('count').textContent = 'entry ' + fr.seq + ' of ' + (N - 1);
    $('slider').value = cur;
    var box = $('entry');
    box.textContent = '';
    var head = el('div', '#' + fr.seq + ' ' + fr.by + ' ' + fr.kind + ' ', 'head');
    head.appendChild(el('span', fr.ts, 'time'));
    box.appendChild(head);
    (fr.lines || []).forEach(function (l) { box.appendChild(el('div', l, 'line')); });
    if (fr.dice) {
      var t = el('table');
      fr.dice.forEach(function (d) {
        var tr = el('tr'), td = el('td');
        d[1].split(' ').forEach(function (v) { td.appendChild(el('span', v, 'die')); });
        tr.appendChild(td);
        tr.appendChild(el('td', d[0] + ': ' + d[2]));
        t.appendChild(tr);
      });
      box.appendChild(el('div', 'Dice', 'head'));
      box.appendChild(t);
    }
    if (fr.events && fr.events.length) {
      var ul = el('ul');
      fr.events.forEach(function (e) { ul.appendChild(el('li', e)); });
      box.appendChild(ul);
    }
    if (fr.over) box.appendChild(el('div', 'The game is over.', 'over'));
    var notes = $('notes');
    notes.textContent = '';
    (D.frames[notesAt[cur]].notes || []).forEach(function (n) { notes.appendChild(el('li', n)); });
    gMoves.innerHTML = fr.m || '';
    gCombat.innerHTML = fr.c ? D.combats[fr.c - 1] : '';
    var sel = $('turn'), best = 0;
    turnStart.forEach(function (f, k) { if (f <= cur) best = k; });
    sel.selectedIndex = best;
    $('stack').textContent = '';
    if (history.replaceState) history.replaceState(null, '', '#entry=' + fr.seq);
    document.body.setAttribute('data-entry', fr.seq);
  }
  function goTo(f) {
    f = Math.max(0, Math.min(N - 1, f));
    while (cur < f) apply(++cur);
    while (cur > f) unapply(cur--);
    render();
    show();
  }

  // Controls.
  var timer = null;
  function stop() { if (timer) { clearInterval(timer); timer = null; $('play').textContent = '▶ play'; } }
  function play() {
    if (timer) { stop(); return; }
    $('play').textContent = '❚❚ pause';
    timer = setInterval(function () { if (cur >= N - 1) stop(); else goTo(cur + 1); }, 600);
  }
  function turnStep(d) {
    var k = 0;
    turnStart.forEach(function (f, i) { if (f <= cur) k = i; });
    if (d < 0 && turnStart[k] < cur) return goTo(turnStart[k]);
    k = Math.max(0, Math.min(turnStart.length - 1, k + d));
    goTo(turnStart[k]);
  }
  $('first').onclick = function () { stop(); goTo(0); };
  $('prev').onclick = function () { stop(); goTo(cur - 1); };
  $('next').onclick = function () { stop(); goTo(cur + 1); };
  $('last').onclick = function () { stop(); goTo(N - 1); };
  $('play').onclick = play;
  var slider = $('slider');
  slider.max = N - 1;
  slider.oninput = function () { stop(); goTo(+slider.value); };
  var sel = $('turn');
  turnStart.forEach(function (f) {
    var o = el('option', 'Turn ' + D.frames[f].turn + ' (entry ' + D.frames[f].seq + ')');
    o.value = f;
    sel.appendChild(o);
  });
  sel.onchange = function () { stop(); goTo(+sel.value); };
  document.addEventListener('keydown', function (e) {
    if (e.target.tagName === 'INPUT' && e.target.type !== 'checkbox' || e.target.tagName === 'SELECT') return;
    var keys = {
      ArrowRight: function () { goTo(cur + 1); }, ArrowLeft: function () { goTo(cur - 1); },
      ArrowDown: function () { turnStep(1); }, ArrowUp: function () { turnStep(-1); },
      PageDown: function () { turnStep(1); }, PageUp: function () { turnStep(-1); },
      Home: function () { goTo(0); }, End: function () { goTo(N - 1); },
      ' ': play, '+': function () { zoom(zoomK * 1.25); }, '-': function () { zoom(zoomK / 1.25); }
    };
    var f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    if (e.key !== ' ') stop();
    f();
  });

  // Zoom: the picture is vector, so hex numbers read well zoomed in.
  var baseW = +svg.getAttribute('width'), baseH = +svg.getAttribute('height'), zoomK = 1;
  function zoom(k) {
    zoomK = Math.max(0.15, Math.min(4, k));
    svg.setAttribute('width', baseW * zoomK);
    svg.setAttribute('height', baseH * zoomK);
  }
  function fit() {
    var b = $('board');
    zoom(b.clientWidth / baseW);
  }
  $('zoomin').onclick = function () { zoom(zoomK * 1.25); };
  $('zoomout').onclick = function () { zoom(zoomK / 1.25); };
  $('zoomfit').onclick = fit;

  ['zoc', 'control', 'supply', 'moves', 'combat'].forEach(function (k) {
    var box = $('show-' + k);
    var set = function () { document.body.classList.toggle('hide-' + k, !box.checked); };
    box.onchange = set;
    set();
  });

  // A click on a counter lists its whole stack, top first.
  gPieces.addEventListener('click', function (e) {
    var g = e.target.closest ? e.target.closest('.pc') : null;
    if (!g) return;
    var i = +g.getAttribute('data-i'), out = $('stack');
    out.textContent = '';
    Array.prototype.forEach.call(gPieces.querySelectorAll('.sel'), function (x) { x.classList.remove('sel'); });
    var near = [];
    for (var k = 0; k < P; k++) {
      if (els[k] && look[k] >= 0 && Math.abs(px[k] - px[i]) < 24 && Math.abs(py[k] - py[i]) < 40) near.push(k);
    }
    near.sort(function (a, b) { return py[b] - py[a]; });
    out.appendChild(el('h3', 'Stack'));
    var ul = el('ul');
    near.forEach(function (k) {
      els[k].classList.add('sel');
      var t = els[k].querySelector('title');
      ul.appendChild(el('li', t ? t.textContent : D.pieces[k]));
    });
    out.appendChild(ul);
  });

  if (D.stopped) {
    var s = $('stopped');
    s.hidden = false;
    s.textContent = 'The log stops verifying after the last entry shown: ' + D.stopped;
  }
  var m = /entry=(\d+)/.exec(location.hash), start = 0;
  if (m) {
    for (var f = 0; f < N; f++) if (D.frames[f].seq <= +m[1]) start = f;
  }
  fit();
  goTo(start);
  window.replayReady = true;
  document.body.setAttribute('data-ready', '1');
  // Two frames later the first picture is painted: the load time a reader
  // waits (BenchmarkBrowserLoad reads it).
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      window.replayPaintedMs = performance.now();
      document.body.setAttribute('data-painted', '1');
    });
  });
})();
