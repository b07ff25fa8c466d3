/* Demo course runtime: pages and a short quiz over the SCORM 1.2 (window.API) or 2004 (window.API_1484_11)
   run-time the portal's player provides. Written for this project; no build step, one plain script. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('course-data').textContent);
  var L = data.labels;
  var v2004 = data.version === '2004';
  var app = document.getElementById('app');

  function findApi(name) {
    var win = window;
    for (var i = 0; i < 10 && win; i++) {
      try {
        if (win[name]) return win[name];
      } catch (e) {
        /* another origin: stop looking upwards */
        break;
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    try {
      if (window.opener && window.opener[name]) return window.opener[name];
    } catch (e) {
      /* ignore */
    }
    return null;
  }

  var api = findApi(v2004 ? 'API_1484_11' : 'API');
  var E = v2004
    ? { location: 'cmi.location', suspend: 'cmi.suspend_data', exit: 'cmi.exit', session: 'cmi.session_time' }
    : {
        location: 'cmi.core.lesson_location',
        suspend: 'cmi.suspend_data',
        exit: 'cmi.core.exit',
        session: 'cmi.core.session_time',
      };

  var lms = {
    init: function () {
      return api ? String(v2004 ? api.Initialize('') : api.LMSInitialize('')) === 'true' : false;
    },
    get: function (k) {
      return api ? String(v2004 ? api.GetValue(k) : api.LMSGetValue(k)) : '';
    },
    set: function (k, v) {
      if (api) {
        if (v2004) api.SetValue(k, String(v));
        else api.LMSSetValue(k, String(v));
      }
    },
    commit: function () {
      if (api) {
        if (v2004) api.Commit('');
        else api.LMSCommit('');
      }
    },
    finish: function () {
      if (api) {
        if (v2004) api.Terminate('');
        else api.LMSFinish('');
      }
    },
  };

  var started = new Date().getTime();
  var finished = false;
  var state = { page: 0, answers: [] };
  var passed = false;
  var quizPage = data.pages.length;
  var resultPage = quizPage + 1;

  function pad(n, w) {
    n = String(n);
    while (n.length < w) n = '0' + n;
    return n;
  }
  function sessionTime() {
    var s = Math.max(0, Math.round((new Date().getTime() - started) / 1000));
    var h = Math.floor(s / 3600),
      m = Math.floor((s % 3600) / 60),
      sec = s % 60;
    return v2004 ? 'PT' + h + 'H' + m + 'M' + sec + 'S' : pad(h, 4) + ':' + pad(m, 2) + ':' + pad(sec, 2);
  }

  function save() {
    lms.set(E.location, String(state.page));
    lms.set(E.suspend, JSON.stringify(state));
    lms.commit();
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) node.setAttribute(k, attrs[k]);
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }
  function button(text, onClick, extra) {
    var b = el('button', Object.assign({ type: 'button' }, extra || {}), [text]);
    b.addEventListener('click', onClick);
    return b;
  }

  function go(page) {
    state.page = page;
    render();
    save();
  }

  function render() {
    app.innerHTML = '';
    var total = data.pages.length + 1;
    var heading;
    if (state.page < quizPage) {
      var p = data.pages[state.page];
      heading = el('h1', { tabindex: '-1' }, [p.title]);
      app.appendChild(el('p', { class: 'progress' }, [L.page + ' ' + (state.page + 1) + ' ' + L.of + ' ' + total]));
      app.appendChild(heading);
      p.body.forEach(function (t) {
        app.appendChild(el('p', {}, [t]));
      });
      var nav = el('div', { class: 'nav' });
      if (state.page > 0)
        nav.appendChild(
          button(L.back, function () {
            go(state.page - 1);
          }),
        );
      nav.appendChild(
        button(
          state.page + 1 < quizPage ? L.next : L.startQuiz,
          function () {
            go(state.page + 1);
          },
          { class: 'primary', 'data-action': 'next' },
        ),
      );
      app.appendChild(nav);
    } else if (state.page === quizPage) {
      heading = el('h1', { tabindex: '-1' }, [L.quiz]);
      app.appendChild(el('p', { class: 'progress' }, [L.page + ' ' + total + ' ' + L.of + ' ' + total]));
      app.appendChild(heading);
      var form = el('form', { novalidate: 'novalidate' });
      data.quiz.forEach(function (q, qi) {
        var fs = el('fieldset', {}, [el('legend', {}, [q.q])]);
        q.options.forEach(function (o, oi) {
          var input = el('input', { type: 'radio', name: 'q' + qi, value: String(oi), id: 'q' + qi + 'o' + oi });
          if (state.answers[qi] === oi) input.checked = true;
          input.addEventListener('change', function () {
            state.answers[qi] = oi;
            lms.set(E.suspend, JSON.stringify(state));
          });
          fs.appendChild(el('div', { class: 'option' }, [input, el('label', { for: 'q' + qi + 'o' + oi }, [o])]));
        });
        form.appendChild(fs);
      });
      var message = el('p', { class: 'message', role: 'alert' });
      form.appendChild(message);
      var nav2 = el('div', { class: 'nav' }, [
        button(L.back, function () {
          go(quizPage - 1);
        }),
      ]);
      nav2.appendChild(el('button', { type: 'submit', class: 'primary', 'data-action': 'submit' }, [L.submit]));
      form.appendChild(nav2);
      form.addEventListener('submit', function (ev) {
        ev.preventDefault();
        for (var i = 0; i < data.quiz.length; i++) {
          if (typeof state.answers[i] !== 'number') {
            message.textContent = L.chooseAll;
            return;
          }
        }
        grade();
      });
      app.appendChild(form);
    } else {
      heading = el('h1', { tabindex: '-1' }, [passed ? L.passed : L.failed]);
      app.appendChild(heading);
      app.appendChild(el('p', { class: 'score' }, [L.score + ': ' + score() + ' %']));
      if (passed) app.appendChild(el('p', {}, [L.done]));
      else
        app.appendChild(
          el('div', { class: 'nav' }, [
            button(
              L.retry,
              function () {
                state.answers = [];
                go(quizPage);
              },
              { class: 'primary' },
            ),
          ]),
        );
    }
    if (heading && document.activeElement && document.activeElement !== document.body) heading.focus();
  }

  function score() {
    var right = 0;
    data.quiz.forEach(function (q, i) {
      if (state.answers[i] === q.answer) right++;
    });
    return Math.round((right / data.quiz.length) * 100);
  }

  function grade() {
    var s = score();
    passed = s === 100;
    if (v2004) {
      lms.set('cmi.score.min', '0');
      lms.set('cmi.score.max', '100');
      lms.set('cmi.score.raw', String(s));
      lms.set('cmi.score.scaled', String(s / 100));
      lms.set('cmi.success_status', passed ? 'passed' : 'failed');
      if (passed) lms.set('cmi.completion_status', 'completed');
    } else {
      lms.set('cmi.core.score.min', '0');
      lms.set('cmi.core.score.max', '100');
      lms.set('cmi.core.score.raw', String(s));
      lms.set('cmi.core.lesson_status', passed ? 'passed' : 'failed');
    }
    go(resultPage);
  }

  function finish() {
    if (finished) return;
    finished = true;
    lms.set(E.session, sessionTime());
    lms.set(E.exit, passed ? (v2004 ? 'normal' : '') : 'suspend');
    save();
    lms.finish();
  }

  lms.init();
  try {
    var saved = lms.get(E.suspend);
    if (saved) {
      var parsed = JSON.parse(saved);
      if (parsed && typeof parsed.page === 'number') state = { page: parsed.page, answers: parsed.answers || [] };
    }
  } catch (e) {
    state = { page: 0, answers: [] };
  }
  if (v2004) {
    passed = lms.get('cmi.success_status') === 'passed';
    var completion = lms.get('cmi.completion_status');
    if (completion !== 'completed') lms.set('cmi.completion_status', 'incomplete');
  } else {
    var status = lms.get('cmi.core.lesson_status');
    passed = status === 'passed' || status === 'completed';
    if (status === 'not attempted' || status === '') lms.set('cmi.core.lesson_status', 'incomplete');
  }
  if (state.page > resultPage || state.page < 0) state.page = 0;
  if (state.page === resultPage && !passed) state.page = quizPage;
  render();
  save();
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
})();
