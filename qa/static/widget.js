/*! Arbitre chat widget. One tag:
 *   <script src="https://HOST/widget/v1.js" data-game="capital-lux-2" data-lang="auto"></script>
 * It finds the API from its own URL, mounts in an open shadow root after the tag (or in data-target), and shows
 * every text from the answer, the question or the corpus as text, never as HTML. Style it from the page with the
 * custom properties --arbitre-accent, --arbitre-bg, --arbitre-fg, --arbitre-font, --arbitre-radius and the parts
 * panel, log, turn, question, answer, citation, readings, position, fact, picture, feedback, suggestion, input, send.
 */
(function () {
  "use strict";
  var VERSION = "1.1.0";
  var script = document.currentScript;
  if (!script) return;
  var api = new URL(script.src, document.baseURI).origin;
  var game = script.getAttribute("data-game") || null;
  var wanted = script.getAttribute("data-lang") || "auto";
  var page = wanted === "auto" ? document.documentElement.lang || navigator.language || "en" : wanted;
  var ui = page.toLowerCase().indexOf("fr") === 0 ? "fr" : "en";

  var TEXT = {
    fr: {
      title: "Arbitre — questions de règles",
      label: "Votre question sur les règles",
      placeholder: "Posez une question, ou décrivez une position…",
      send: "Envoyer",
      thinking: "Arbitre réfléchit…",
      error: "Arbitre ne répond pas pour l'instant. Réessayez dans un moment.",
      limited: "Trop de questions d'un coup : réessayez dans {s} s.",
      sources: "Sources",
      translation: "Traduction",
      original: "Original",
      open: "Ouvrir la règle",
      position: "Position lue (corrigez une valeur pour recalculer)",
      steps: "Étapes du calcul",
      assumptions: "Hypothèses",
      picture: "Schéma de la position",
      up: "Utile",
      down: "Pas utile",
      upLabel: "Cette réponse est utile",
      downLabel: "Cette réponse n'est pas utile",
      thanks: "Merci pour votre avis.",
      suggested: "Questions suggérées",
      you: "Vous",
      arbitre: "Arbitre",
      corrected: "Position corrigée",
      readings: "Quelle lecture vouliez-vous dire ?",
      reading: "Lecture ",
    },
    en: {
      title: "Arbitre — rules questions",
      label: "Your rules question",
      placeholder: "Ask a question, or describe a position…",
      send: "Send",
      thinking: "Arbitre is thinking…",
      error: "Arbitre is not answering right now. Try again in a moment.",
      limited: "Too many questions at once: try again in {s} s.",
      sources: "Sources",
      translation: "Translation",
      original: "Original",
      open: "Open the rule",
      position: "Position read (correct a value to compute again)",
      steps: "Steps",
      assumptions: "Assumptions",
      picture: "Picture of the position",
      up: "Helpful",
      down: "Not helpful",
      upLabel: "This answer is helpful",
      downLabel: "This answer is not helpful",
      thanks: "Thank you for your feedback.",
      suggested: "Suggested questions",
      you: "You",
      arbitre: "Arbitre",
      corrected: "Corrected position",
      readings: "Which reading did you mean?",
      reading: "Reading ",
    },
  };
  var t = TEXT[ui];

  var CSS =
    ":host{display:block}" +
    ".panel{all:initial;display:flex;flex-direction:column;box-sizing:border-box;width:100%;max-width:560px;" +
    "font:15px/1.45 var(--arbitre-font,system-ui,-apple-system,'Segoe UI',sans-serif);color:var(--arbitre-fg,#1d1d1f);" +
    "background:var(--arbitre-bg,#fff);border:1px solid #c8c8cc;border-radius:var(--arbitre-radius,10px);overflow:hidden}" +
    ".panel *{box-sizing:border-box;font:inherit;color:inherit;max-width:100%}" +
    ".panel h2{font-size:16px;font-weight:600;margin:0;padding:10px 12px;background:var(--arbitre-accent,#1a55a8);color:#fff}" +
    ".log{position:relative;padding:8px 12px;min-height:80px;max-height:520px;overflow-y:auto;overflow-x:hidden}" +
    ".turn{margin:8px 0}.q{font-weight:600;white-space:pre-wrap;overflow-wrap:anywhere}" +
    ".a{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0}" +
    ".status{color:#555;font-style:italic}.error{color:#a0001c}" +
    "details{margin:4px 0;border-left:3px solid #d0d0d6;padding-left:8px}summary{cursor:pointer}" +
    "blockquote{margin:4px 0;padding:4px 8px;background:#f4f4f6;white-space:pre-wrap;overflow-wrap:anywhere}" +
    ".label{display:inline-block;font-size:12px;background:#e8e0f5;border-radius:3px;padding:0 5px;margin-right:4px}" +
    "a{color:var(--arbitre-accent,#1a55a8)}" +
    ".facts{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0}" +
    ".fact{display:flex;flex-direction:column;font-size:12px}" +
    ".fact input{width:120px;padding:3px 5px;border:1px solid #8a8a90;border-radius:4px;font-size:14px}" +
    "img{display:block;max-width:100%;height:auto;margin:6px 0;border:1px solid #e0e0e4}" +
    "ol{margin:4px 0;padding-left:20px}" +
    ".fb{display:flex;gap:6px;align-items:center;margin-top:4px}" +
    "button{cursor:pointer;border:1px solid #8a8a90;background:#fff;border-radius:6px;padding:4px 10px;font-size:14px}" +
    "button:focus-visible,input:focus-visible,textarea:focus-visible,summary:focus-visible,a:focus-visible" +
    "{outline:3px solid #f2a900;outline-offset:1px}" +
    ".suggest{display:flex;flex-wrap:wrap;gap:6px;padding:0 12px 8px}" +
    ".suggest button{font-size:13px;text-align:left;white-space:normal}" +
    "[data-arbitre=readings]{margin:6px 0}[data-arbitre=readings] button{margin:4px 8px 0 0}" +
    "form{display:flex;gap:6px;padding:8px 12px;border-top:1px solid #e0e0e4}" +
    "textarea{flex:1;min-width:0;resize:vertical;min-height:40px;padding:6px 8px;border:1px solid #8a8a90;border-radius:6px}" +
    ".send{background:var(--arbitre-accent,#1a55a8);color:#fff;border-color:transparent}" +
    ".send:disabled{opacity:.6}" +
    ".sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) {
      if (attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k]);
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // ---- mount
  var target = script.getAttribute("data-target");
  var host = (target && document.querySelector(target)) || null;
  if (!host) {
    host = el("div", { "data-arbitre-widget": VERSION });
    script.parentNode.insertBefore(host, script.nextSibling);
  }
  var root = host.attachShadow({ mode: "open" });
  if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function") {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.appendChild(el("style", {}, CSS));
  }
  var panel = el("section", { class: "panel", part: "panel", lang: ui, "aria-label": t.title });
  var heading = el("h2", { id: "arbitre-title" }, t.title);
  // The conversation; each new answer is read out once, through the live region below.
  var log = el("div", { class: "log", part: "log", role: "log", "aria-live": "off", "aria-labelledby": "arbitre-title" });
  var suggest = el("div", { class: "suggest", role: "group", "aria-label": t.suggested });
  var form = el("form", {});
  var label = el("label", { for: "arbitre-q", class: "sr" }, t.label);
  var input = el("textarea", { id: "arbitre-q", part: "input", "data-arbitre": "input", rows: "2", placeholder: t.placeholder });
  var send = el("button", { type: "submit", class: "send", part: "send", "data-arbitre": "send" }, t.send);
  form.append(label, input, send);
  panel.append(heading, log, suggest, form);
  root.appendChild(panel);

  var history = [];

  // ---- talking to the API
  function post(path, body) {
    return fetch(api + path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then(function (r) {
      return r.json().then(
        function (data) {
          return { status: r.status, data: data, retry: r.headers.get("Retry-After") };
        },
        function () {
          return { status: r.status, data: null, retry: r.headers.get("Retry-After") };
        }
      );
    });
  }

  function problem(res) {
    if (res.status === 429) return t.limited.replace("{s}", res.retry || "60");
    if (res.status >= 400 && res.status < 500 && res.data && typeof res.data.detail === "string") return res.data.detail;
    return t.error;
  }

  // ---- rendering an answer contract, as text only
  function rulesLink(c) {
    var url = new URL(api + "/rules/" + encodeURIComponent(c.doc));
    url.searchParams.set("lang", c.lang);
    url.searchParams.set("section", c.section);
    if (c.lines) url.searchParams.set("lines", c.lines[0] + "-" + c.lines[1]);
    url.hash = c.section;
    return url.href;
  }

  function citation(c) {
    var box = el("details", { part: "citation", "data-arbitre": "citation" });
    box.appendChild(el("summary", {}, c.title));
    if (c.translated) box.appendChild(el("span", { class: "label" }, t.translation));
    box.appendChild(el("blockquote", { lang: c.lang }, c.quote));
    if (c.original) {
      box.appendChild(el("span", { class: "label" }, t.original + " (" + c.original.lang + ")"));
      box.appendChild(el("blockquote", { lang: c.original.lang }, c.original.quote));
    }
    var link = el("a", { href: rulesLink(c), target: "_blank", rel: "noopener" }, t.open);
    box.appendChild(link);
    return box;
  }

  function factText(value) {
    if (Array.isArray(value)) return value.join(", ");
    return value === null || value === undefined ? "" : String(value);
  }

  function getAt(obj, path) {
    return path.split(".").reduce(function (o, k) {
      return o === undefined || o === null ? undefined : o[/^\d+$/.test(k) ? Number(k) : k];
    }, obj);
  }

  function setAt(obj, path, value) {
    var keys = path.split(".");
    var last = keys.pop();
    var o = keys.reduce(function (o, k) {
      var key = /^\d+$/.test(k) ? Number(k) : k;
      if (o[key] === undefined || o[key] === null) o[key] = {};
      return o[key];
    }, obj);
    o[/^\d+$/.test(last) ? Number(last) : last] = value;
  }

  // A corrected value, as the position file writes it: a district's cards ("green:7") or total ("total/green:15"),
  // else the words as numbers where they are numbers; anything else goes as typed, for the API to refuse.
  function fileValue(old, typed) {
    var parts = typed.split(/[,;+\/ ]+/).filter(Boolean);
    var num = function (p) {
      return /^-?\d+$/.test(p) ? Number(p) : p;
    };
    if (Array.isArray(old) && (old.length === 0 || typeof old[0] === "string")) {
      var sample = old[0] || "";
      var colour = (sample.split("/").pop() || "").split(":")[0];
      if (old.length === 1 && sample.indexOf("total/") === 0 && parts.length === 1) return ["total/" + colour + ":" + parts[0]];
      return parts.map(function (p) {
        return (colour || "") + ":" + p;
      });
    }
    if (Array.isArray(old)) return parts.map(num);
    return parts.length === 1 ? num(parts[0]) : parts.map(num);
  }

  function position(scenario, turnIndex, box) {
    var wrap = el("div", { part: "position", "data-arbitre": "position" });
    wrap.appendChild(el("div", {}, t.position));
    var facts = el("div", { class: "facts" });
    (scenario.facts || []).forEach(function (f, k) {
      var id = "arbitre-f-" + turnIndex + "-" + k;
      var cell = el("div", { class: "fact", part: "fact" });
      cell.appendChild(el("label", { for: id }, f.label || f.path));
      var editable = scenario.position && f.file_path && getAt(scenario.position, f.file_path) !== undefined;
      var field = el("input", {
        id: id,
        type: "text",
        "data-arbitre": "fact",
        "data-path": f.file_path || f.path,
        value: factText(f.value),
        readonly: editable ? null : "readonly",
      });
      if (editable) {
        field.addEventListener("change", function () {
          correct(scenario, f.file_path, field.value, turnIndex, box);
        });
      }
      cell.appendChild(field);
      facts.appendChild(cell);
    });
    wrap.appendChild(facts);
    return wrap;
  }

  function correct(scenario, filePath, typed, turnIndex, box) {
    var fixed = JSON.parse(JSON.stringify(scenario.position));
    setAt(fixed, filePath, fileValue(getAt(scenario.position, filePath), typed.trim()));
    recompute(fixed, turnIndex, box);
  }

  // Two readings of one question, with two verdicts: one click computes the one the player meant.
  function readings(scenario, turnIndex, box) {
    var wrap = el("div", { part: "readings", "data-arbitre": "readings", role: "group", "aria-label": t.readings });
    wrap.appendChild(el("div", {}, t.readings));
    [scenario.position, scenario.alternative.position].forEach(function (pos, k) {
      var b = el("button", { type: "button", "data-arbitre": "reading" }, t.reading + (k + 1));
      b.addEventListener("click", function () {
        recompute(JSON.parse(JSON.stringify(pos)), turnIndex, box);
      });
      wrap.appendChild(b);
    });
    return wrap;
  }

  function recompute(fixed, turnIndex, box) {
    var turn = history[turnIndex];
    var verdictBox = box.querySelector(".verdict");
    if (verdictBox) verdictBox.textContent = t.thinking;
    post("/api/check", { position: fixed, question: turn.question, history: history.slice(0, turnIndex) }).then(
      function (res) {
        if (res.status === 200) {
          history[turnIndex] = { question: turn.question, response: res.data };
          var fresh = answerBox(res.data, turnIndex);
          box.replaceWith(fresh);
          announce(res.data.answer);
        } else {
          box.querySelectorAll(".verdict, .steps, img").forEach(function (n) {
            n.remove();
          });
          var err = box.querySelector(".error") || el("p", { class: "error", role: "alert" });
          err.textContent = problem(res);
          box.insertBefore(err, box.firstChild);
        }
      },
      function () {
        if (verdictBox) verdictBox.textContent = t.error;
      }
    );
  }

  function answerBox(a, turnIndex) {
    var box = el("div", { class: "answer", part: "answer", "data-arbitre": "answer", "data-kind": a.kind, lang: a.lang });
    box.appendChild(el("p", { class: "a verdict" }, a.answer));
    var s = a.scenario;
    if (s && s.picture) {
      box.appendChild(el("img", { part: "picture", alt: t.picture, src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(s.picture) }));
    }
    if (s && s.accord === "asked" && s.alternative && s.position && s.alternative.position) {
      box.appendChild(readings(s, turnIndex, box));
    }
    if (s && s.facts && s.facts.length) box.appendChild(position(s, turnIndex, box));
    if (s && s.verdicts && s.verdicts.length && s.verdicts[0].steps && s.verdicts[0].steps.length) {
      var steps = el("details", { class: "steps" });
      steps.appendChild(el("summary", {}, t.steps));
      var list = el("ol", {});
      s.verdicts[0].steps.forEach(function (st) {
        var text = (a.lang === "fr" ? st.fr : st.en) || st.text || "";
        list.appendChild(el("li", {}, text + (st.rule ? " [" + st.rule + "]" : "")));
      });
      steps.appendChild(list);
      box.appendChild(steps);
    }
    if (a.citations && a.citations.length) {
      var cites = el("div", { class: "cites" });
      cites.appendChild(el("div", {}, t.sources));
      a.citations.forEach(function (c) {
        cites.appendChild(citation(c));
      });
      box.appendChild(cites);
    }
    box.appendChild(feedback(a));
    return box;
  }

  function feedback(a) {
    var row = el("div", { class: "fb", part: "feedback" });
    var up = el("button", { type: "button", "data-arbitre": "feedback-up", "aria-label": t.upLabel }, t.up);
    var down = el("button", { type: "button", "data-arbitre": "feedback-down", "aria-label": t.downLabel }, t.down);
    var said = el("span", { role: "status" });
    function vote(which) {
      up.disabled = down.disabled = true;
      post("/api/feedback", { vote: which, answer: a }).then(
        function (res) {
          said.textContent = res.status === 201 || res.status === 200 ? t.thanks : problem(res);
        },
        function () {
          said.textContent = t.error;
        }
      );
    }
    up.addEventListener("click", function () {
      vote("up");
    });
    down.addEventListener("click", function () {
      vote("down");
    });
    row.append(up, down, said);
    return row;
  }

  var live = el("div", { class: "sr", role: "status", "aria-live": "polite", "data-arbitre": "announce" });
  panel.appendChild(live);
  function announce(text) {
    live.textContent = "";
    setTimeout(function () {
      live.textContent = text;
    }, 50);
  }

  // ---- asking
  function ask(question) {
    question = question.trim();
    if (!question) return;
    var turnIndex = history.length;
    var turn = el("div", { class: "turn", part: "turn" });
    turn.appendChild(el("p", { class: "q", part: "question" }, question));
    var status = el("p", { class: "status", role: "status" }, t.thinking);
    turn.appendChild(status);
    log.appendChild(turn);
    log.scrollTop = turn.offsetTop;
    send.disabled = true;
    var body = { question: question, ui_lang: ui, history: history.slice() };
    if (game) body.game = game;
    post("/api/ask", body)
      .then(
        function (res) {
          status.remove();
          if (res.status === 200) {
            history.push({ question: question, response: res.data });
            turn.appendChild(answerBox(res.data, turnIndex));
            announce(res.data.answer);
          } else {
            turn.appendChild(el("p", { class: "error", role: "alert" }, problem(res)));
          }
        },
        function () {
          status.remove();
          turn.appendChild(el("p", { class: "error", role: "alert" }, t.error));
        }
      )
      .then(function () {
        send.disabled = false;
        log.scrollTop = turn.offsetTop;
      });
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    var q = input.value;
    input.value = "";
    ask(q);
  });
  input.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event("submit"));
    }
  });

  // ---- suggested questions for the game
  fetch(api + "/api/games")
    .then(function (r) {
      return r.ok ? r.json() : [];
    })
    .then(function (games) {
      var mine = games.filter(function (g) {
        return !game || g.id === game;
      })[0];
      var questions = (mine && mine.suggested && mine.suggested[ui]) || [];
      questions.slice(0, 4).forEach(function (q) {
        var b = el("button", { type: "button", part: "suggestion", "data-arbitre": "suggestion" }, q);
        b.addEventListener("click", function () {
          ask(q);
        });
        suggest.appendChild(b);
      });
    })
    .catch(function () {});
})();
