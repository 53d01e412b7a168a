// Skillbook search engine: queries the index that `skillbook build` writes under search/.
// Plain JavaScript with no dependencies; index files are scripts that call
// skillbookSearchData(kind, number, ...), so the engine works from file:// (no fetch, no ES
// modules, no WASM). Under Node it is a CommonJS module (tests and benchmarks load it).
//
// Each step mirrors the Swift engine (Sources/SkillSearch/), which `skillbook search`
// runs; a test checks that both return the same results for the same index.
(function (root, factory) {
  "use strict";
  var api = factory();
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  } else {
    root.SkillbookSearch = api;
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // --- Ranking numbers (SearchRanking.swift) ------------------------------------------------

  var K1 = 1.2;
  var MAX_TERM_WEIGHT = K1 + 1;
  var WEIGHT_STEPS = 63;
  var EXACT_MATCH = 1.0;
  var PREFIX_MATCH = 0.7;
  var TYPO_MATCH = 0.5;
  // A correction counts by its frequency as a share of the likeliest correction's, and scores with
  // its rarity, so that rare corrections ("cac") do not outrank the common one ("cach")
  // (SearchRanking.typoWeight).
  function typoWeight(df, likeliest) {
    return likeliest > 0 ? TYPO_MATCH * Math.min(df, likeliest) / likeliest : TYPO_MATCH;
  }
  // Endings put back on a stem to find a misspelt inflected word (SearchRanking.typoEndings).
  var TYPO_ENDINGS = ["e", "s", "es", "ed", "ing", "er", "ers", "ion", "ions", "ly", "ment", "ness", "y"];
  var MINIMUM_PREFIX_LENGTH = 2;
  var MAXIMUM_PREFIX_TERMS = 40;
  var MAXIMUM_PREFIX_POSTINGS = 20000;
  var MINIMUM_TYPO_LENGTH = 5;
  var FEW_MATCHES = 3;
  var MAXIMUM_TYPO_TERMS = 8;
  var RERANK_WINDOW = 10;
  var PHRASE_BOOST = 0.25;
  var PROXIMITY_BOOST = 0.2;
  var PROXIMITY_WINDOW = 4;
  var PAGE_TITLE_BOOST = 1.0;
  var TITLE_BOOST = 0.5;
  var TITLE_OVERLAP_BOOST = 2.5;
  var PARTIAL_MATCH = 0.7;
  var PAGE_FOCUS = 0.5;
  var SNIPPET_LENGTH = 160;
  var SNIPPET_LEAD = 30;
  var MAXIMUM_WORD_LENGTH = 48;

  // --- Folding (TextFolding.swift) ----------------------------------------------------------

  var LETTER_REPLACEMENTS = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ı": "i", "ð": "d", "þ": "th" };

  function fold(text) {
    if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[ßæœøłđıðþ]/g, function (c) { return LETTER_REPLACEMENTS[c]; })
      .normalize("NFC");
  }

  // --- Stemming (EnglishStemmer.swift) ------------------------------------------------------

  function isConsonant(w, i) {
    var c = w.charCodeAt(i);
    if (c === 97 || c === 101 || c === 105 || c === 111 || c === 117) return false;
    if (c === 121) return i === 0 || !isConsonant(w, i - 1);
    return true;
  }

  function measure(w) {
    var m = 0;
    var previousWasVowel = false;
    for (var i = 0; i < w.length; i++) {
      var consonant = isConsonant(w, i);
      if (consonant && previousWasVowel) m += 1;
      previousWasVowel = !consonant;
    }
    return m;
  }

  function containsVowel(w) {
    for (var i = 0; i < w.length; i++) if (!isConsonant(w, i)) return true;
    return false;
  }

  function endsWithDoubleConsonant(w) {
    var n = w.length;
    return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
  }

  function endsConsonantVowelConsonant(w) {
    var n = w.length;
    if (n < 3 || !isConsonant(w, n - 3) || isConsonant(w, n - 2) || !isConsonant(w, n - 1)) return false;
    return "wxy".indexOf(w[n - 1]) < 0;
  }

  function stem(word) {
    if (word.length < 3 || !/^[a-z]+$/.test(word)) return word;
    var w = word;
    // plurals
    if (/(sses|ies)$/.test(w)) w = w.slice(0, -2);
    else if (/s$/.test(w) && !/ss$/.test(w)) w = w.slice(0, -1);
    // -ed, -ing
    if (/eed$/.test(w)) {
      if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
    } else {
      var suffix = /ed$/.test(w) ? 2 : /ing$/.test(w) ? 3 : 0;
      if (suffix > 0) {
        var base = w.slice(0, -suffix);
        if (containsVowel(base)) {
          w = base;
          if (/(at|bl|iz)$/.test(w)) w += "e";
          else if (endsWithDoubleConsonant(w) && "lsz".indexOf(w[w.length - 1]) < 0) w = w.slice(0, -1);
          else if (measure(w) === 1 && endsConsonantVowelConsonant(w)) w += "e";
        }
      }
    }
    // final y
    if (/y$/.test(w) && containsVowel(w.slice(0, -1))) w = w.slice(0, -1) + "i";
    // final e
    if (/e$/.test(w)) {
      var rest = w.slice(0, -1);
      var m = measure(rest);
      if (m > 1 || (m === 1 && !endsConsonantVowelConsonant(rest))) w = rest;
    }
    // double l
    if (/ll$/.test(w) && measure(w) > 1) w = w.slice(0, -1);
    // -us (focus, focuses, focused)
    if (w.length >= 5 && /us$/.test(w)) w = w.slice(0, -1);
    return w;
  }

  // --- Tokenizing (SearchTokenizer.swift, IdentifierSplitter.swift, ScriptClasses.swift) -----

  var STOPWORDS = new Set(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in", "into", "is",
    "it", "its", "of", "on", "or", "that", "the", "their", "then", "there", "these", "this", "to",
    "was", "were", "which", "with"]);

  // Character classes of a code point, as bits; ASCII from a table, the rest from Unicode
  // properties, remembered.
  var WORD = 1, DIGIT = 2, UPPER = 4, LOWER = 8, MARK = 16;
  var ASCII_CLASSES = new Uint8Array(128);
  for (var code = 48; code <= 57; code++) ASCII_CLASSES[code] = WORD | DIGIT;
  for (code = 65; code <= 90; code++) ASCII_CLASSES[code] = WORD | UPPER;
  for (code = 97; code <= 122; code++) ASCII_CLASSES[code] = WORD | LOWER;
  var otherClasses = new Map();
  var WORD_RE = /[\p{L}\p{M}\p{Nd}]/u, DIGIT_RE = /\p{Nd}/u, UPPER_RE = /[\p{Lu}\p{Lt}]/u, LOWER_RE = /\p{Ll}/u, MARK_RE = /\p{M}/u;

  function classOf(cp) {
    if (cp < 128) return cp < 0 ? 0 : ASCII_CLASSES[cp];
    var known = otherClasses.get(cp);
    if (known !== undefined) return known;
    var c = String.fromCodePoint(cp);
    var bits = (WORD_RE.test(c) ? WORD : 0) | (DIGIT_RE.test(c) ? DIGIT : 0) | (UPPER_RE.test(c) ? UPPER : 0) |
      (LOWER_RE.test(c) ? LOWER : 0) | (MARK_RE.test(c) ? MARK : 0);
    otherClasses.set(cp, bits);
    return bits;
  }
  function isWordCode(cp) { return (classOf(cp) & WORD) !== 0; }
  function isDigitCode(cp) { return (classOf(cp) & DIGIT) !== 0; }
  function isLetterCode(cp) { return (classOf(cp) & (WORD | DIGIT)) === WORD; }
  function isCJK(v) {
    return (v >= 0x3005 && v <= 0x3007) || (v >= 0x3041 && v <= 0x309f) || (v >= 0x30a1 && v <= 0x30fa) ||
      (v >= 0x30fc && v <= 0x30ff) || (v >= 0x31f0 && v <= 0x31ff) || (v >= 0x3400 && v <= 0x4dbf) ||
      (v >= 0x4e00 && v <= 0x9fff) || (v >= 0xf900 && v <= 0xfaff) || (v >= 0xff66 && v <= 0xff9f) ||
      (v >= 0x20000 && v <= 0x2fa1f);
  }
  function isApostrophe(cp) { return cp === 39 || cp === 0x2019; }
  function isNumberSeparator(cp) { return cp === 46 || cp === 44; }
  function isNumeric(cp) { return isDigitCode(cp) || isNumberSeparator(cp); }

  // The parts of a word given as code points: [start, end) index pairs.
  function identifierParts(cps) {
    var parts = [];
    var start = -1;
    for (var i = 0; i < cps.length; i++) {
      if (cps[i] === 95) {
        if (start >= 0) parts.push([start, i]);
        start = -1;
        continue;
      }
      if (start < 0) { start = i; continue; }
      if (i > start && isBoundary(cps, i)) {
        parts.push([start, i]);
        start = i;
      }
    }
    if (start >= 0) parts.push([start, cps.length]);
    return parts;
  }

  function isBoundary(s, k) {
    var previous = s[k - 1], current = s[k];
    if (current === 95 || previous === 95) return false;
    var p = classOf(previous), c = classOf(current);
    if ((p & LOWER) && (c & UPPER)) return true;
    if ((p & UPPER) && (c & UPPER) && k + 1 < s.length && (classOf(s[k + 1]) & LOWER)) return true;
    return isNumeric(previous) !== isNumeric(current) && !(current >= 128 && (c & MARK));
  }

  // A plain word's [term, surface or null], or null for a stopword or a single letter.
  // Words repeat, so results are remembered (up to a bound).
  var wordTerms = new Map();
  function wordTerm(word, length) {
    if (length < 2) return null;
    var known = wordTerms.get(word);
    if (known !== undefined) return known;
    var folded = fold(word);
    var result = null;
    if (Array.from(folded).length >= 2 && !STOPWORDS.has(folded)) {
      var stemmed = stem(folded);
      result = [stemmed, stemmed === folded ? null : folded];
    }
    if (wordTerms.size > 50000) wordTerms.clear();
    wordTerms.set(word, result);
    return result;
  }

  // Tokens: { term, surface, kind: "word"|"identifier"|"part"|"bigram", position, start, end },
  // with start and end as UTF-16 offsets in text.
  function tokenize(text) {
    var tokens = [];
    var state = { position: 0 };
    var n = text.length, i = 0;
    while (i < n) {
      var cp = text.codePointAt(i);
      var size = cp > 0xffff ? 2 : 1;
      if (isCJK(cp)) {
        var run = [];
        while (i < n) {
          cp = text.codePointAt(i);
          if (!isCJK(cp)) break;
          run.push(i);
          i += cp > 0xffff ? 2 : 1;
        }
        run.push(i);
        emitBigrams(text, run, tokens, state);
      } else if ((classOf(cp) & WORD) || cp === 95) {
        var cps = [], starts = [], previous = -1;
        while (i < n) {
          var current = text.codePointAt(i);
          var next = i + (current > 0xffff ? 2 : 1);
          if (isCJK(current)) break;
          if ((classOf(current) & WORD) || current === 95) {
            cps.push(current);
            starts.push(i);
          } else if (isApostrophe(current) && previous >= 0 && next < n) {
            var following = text.codePointAt(next);
            if (!(isLetterCode(previous) && isLetterCode(following) && !isCJK(following))) break;
            // dropped: "don't" is one word
          } else if (isNumberSeparator(current) && previous >= 0 && next < n && isDigitCode(previous) && isDigitCode(text.codePointAt(next))) {
            cps.push(current);
            starts.push(i);
          } else {
            break;
          }
          previous = current;
          i = next;
        }
        emitWord(cps, starts, i, tokens, state);
      } else {
        i += size;
      }
    }
    return tokens;
  }

  function emitWord(word, starts, end, tokens, state) {
    var first = 0, last = word.length;
    while (first < last && word[first] === 95) first++;
    while (last > first && word[last - 1] === 95) last--;
    if (first >= last || last - first > MAXIMUM_WORD_LENGTH) return;
    var cps = first === 0 && last === word.length ? word : word.slice(first, last);
    var at = first === 0 ? starts : starts.slice(first, last);
    var endOffset = last < starts.length ? starts[last] : end;
    function boundary(k) { return k < at.length ? at[k] : endOffset; }
    function text(from, to) { return String.fromCodePoint.apply(null, cps.slice(from, to)); }
    var parts = identifierParts(cps);
    if (parts.length === 1 && parts[0][0] === 0 && parts[0][1] === cps.length) {
      var plain = wordTerm(text(0, cps.length), cps.length);
      if (!plain) return;
      tokens.push({ term: plain[0], surface: plain[1], kind: "word", position: state.position, start: boundary(0), end: boundary(cps.length) });
      state.position += 1;
      return;
    }
    var position = state.position;
    tokens.push({ term: fold(text(0, cps.length)), surface: null, kind: "identifier", position: position,
      start: boundary(0), end: boundary(cps.length) });
    var emitted = 0;
    for (var p = 0; p < parts.length; p++) {
      var found = wordTerm(text(parts[p][0], parts[p][1]), parts[p][1] - parts[p][0]);
      if (!found) continue;
      tokens.push({ term: found[0], surface: found[1], kind: "part", position: position + emitted,
        start: boundary(parts[p][0]), end: boundary(parts[p][1]) });
      emitted++;
    }
    state.position += Math.max(emitted, 1);
  }

  // `run` holds the UTF-16 offset of each character of a CJK run, then the offset after it.
  function emitBigrams(text, run, tokens, state) {
    var count = run.length - 1;
    if (count === 1) {
      tokens.push({ term: fold(text.slice(run[0], run[1])), surface: null, kind: "bigram", position: state.position,
        start: run[0], end: run[1] });
      state.position += 1;
      return;
    }
    for (var k = 0; k < count - 1; k++) {
      tokens.push({ term: fold(text.slice(run[k], run[k + 2])), surface: null, kind: "bigram", position: state.position,
        start: run[k], end: run[k + 2] });
      state.position += 1;
    }
  }

  // --- Query (SearchQuery.swift) ------------------------------------------------------------

  // Slots of a query (SearchQuery.swift): one per term a result should contain. An identifier's
  // parts and a CJK run's pairs form one group, a query word found when all of them are.
  function parseQuery(text, typing) {
    var tokens = tokenize(text);
    var stillTyping = typing === undefined || typing === null ? text.length > 0 && !/\s$/u.test(text) : typing;
    var group = -1, groupEnd = -1;
    var slots = tokens.map(function (token, position) {
      var previous = position > 0 ? tokens[position - 1] : null;
      if (token.kind === "identifier") {
        group += 1;
        groupEnd = token.end;
      } else if (token.kind === "part" && groupEnd >= 0 && token.end <= groupEnd) {
        // a part of the identifier before it
      } else if (token.kind === "bigram" && previous && previous.kind === "bigram" && token.start < previous.end) {
        // the next pair of the same run
      } else {
        group += 1;
        groupEnd = -1;
      }
      var exact = [token.term];
      if (token.surface !== null) exact.push(token.surface);
      return { exact: exact, word: token.surface !== null ? token.surface : token.term, required: token.kind !== "identifier",
        prefix: false, allowsTypo: token.kind === "word" || token.kind === "part", group: group, scale: 1 };
    });
    var groupSizes = [];
    for (var g = 0; g <= group; g++) groupSizes.push(0);
    slots.forEach(function (slot) { if (slot.required) groupSizes[slot.group] += 1; });
    slots.forEach(function (slot) { if (slot.required) slot.scale = 1 / groupSizes[slot.group]; });
    var lastToken = tokens[tokens.length - 1];
    if (stillTyping && lastToken && lastToken.end === text.length && slots[slots.length - 1].word.length >= MINIMUM_PREFIX_LENGTH) {
      slots[slots.length - 1].prefix = true;
    }
    return { slots: slots, groupSizes: groupSizes };
  }

  // --- Edit distance (EditDistance.swift) ---------------------------------------------------

  function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
    var before = new Array(b.length + 1).fill(0);
    var previous = [];
    for (var j = 0; j <= b.length; j++) previous.push(j);
    var current = new Array(b.length + 1).fill(0);
    for (var i = 1; i <= a.length; i++) {
      current[0] = i;
      var rowMinimum = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        var value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
          value = Math.min(value, before[j - 2] + 1);
        }
        current[j] = value;
        rowMinimum = Math.min(rowMinimum, value);
      }
      if (rowMinimum > limit) return limit + 1;
      var recycled = before;
      before = previous;
      previous = current;
      current = recycled;
    }
    return Math.min(previous[b.length], limit + 1);
  }

  // --- Index files (SearchIndexEncoder.swift, CompactNumbers.swift, TextCodebook.swift) ------

  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var DIGITS = {};
  for (var d = 0; d < ALPHABET.length; d++) DIGITS[ALPHABET.charCodeAt(d)] = d;
  var MARKERS = [];
  for (var m = 1; m <= 8; m++) MARKERS.push(m);
  MARKERS.push(11, 12);
  for (m = 14; m <= 31; m++) MARKERS.push(m);
  var MARKER_INDEX = {};
  MARKERS.forEach(function (code, index) { MARKER_INDEX[code] = index; });

  function NumberReader(text) { this.text = text; this.offset = 0; }
  NumberReader.prototype.atEnd = function () { return this.offset >= this.text.length; };
  NumberReader.prototype.next = function () {
    var value = 0, scale = 1;
    for (;;) {
      var digit = DIGITS[this.text.charCodeAt(this.offset++)];
      if (digit === undefined) throw new Error("search index: malformed number list");
      value += (digit & 31) * scale;
      if (digit < 32) return value;
      scale *= 32;
    }
  };
  NumberReader.prototype.nextDigit = function () {
    var digit = DIGITS[this.text.charCodeAt(this.offset++)];
    if (digit === undefined) throw new Error("search index: malformed weight");
    return digit;
  };

  function readNumbers(text) {
    var reader = new NumberReader(text), values = [];
    while (!reader.atEnd()) values.push(reader.next());
    return values;
  }

  function starts(counts) {
    var result = [], total = 0;
    for (var i = 0; i < counts.length; i++) { result.push(total); total += counts[i]; }
    return result;
  }

  // The position in `sorted` (ascending numbers) of the last value not greater than `value`.
  function lastAtMost(sorted, value) {
    var low = 0, high = sorted.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (sorted[middle] <= value) low = middle; else high = middle - 1;
    }
    return low;
  }

  function decodeEntry(header) {
    var n = header.sections;
    // For each section: its page (pages are runs of sections) and the first part of its section.
    var pageOf = new Int32Array(n), headOf = new Int32Array(n);
    var pageCounts = readNumbers(header.pages);
    var section = 0;
    for (var page = 0; page < pageCounts.length; page++) {
      for (var k = 0; k < pageCounts[page] && section < n; k++) pageOf[section++] = page;
    }
    for (var s = 0; s < n; s++) headOf[s] = s;
    var previous = 0;
    readNumbers(header.continued).forEach(function (delta) {
      previous += delta;
      if (previous > 0 && previous < n) headOf[previous] = headOf[previous - 1];
    });
    // For each page, its number of sections, the parts of a long section counted once.
    var sectionsOfPage = new Int32Array(pageCounts.length);
    for (var h = 0; h < n; h++) if (headOf[h] === h) sectionsOfPage[pageOf[h]] += 1;
    return {
      sections: n,
      pages: pageCounts.length,
      sectionsOfPage: sectionsOfPage,
      firstTerms: header.dictionary,
      // Each dictionary file's name: t/NAME.js, and its postings files p/NAME-K.js.
      names: header.files === "" ? [] : header.files.split(" "),
      documentStarts: starts(readNumbers(header.documents)),
      pageOf: pageOf,
      headOf: headOf,
      words: header.words,
    };
  }

  function decodeDictionary(words, numbers) {
    var reader = new NumberReader(numbers);
    var terms = [], shown = [], df = [], postingsFile = [], offset = [], length = [];
    var file = -1, position = 0, previous = "";
    var coded = words.split(" ");
    for (var i = 0; i < coded.length; i++) {
      var item = coded[i];
      if (item === "") continue;
      var shared = DIGITS[item.charCodeAt(0)];
      var bar = item.indexOf("|", 1);
      var rest = bar < 0 ? item.slice(1) : item.slice(1, bar);
      var term = previous.slice(0, shared) + rest;
      previous = term;
      var display = term;
      if (bar >= 0) display = term.slice(0, term.length - DIGITS[item.charCodeAt(bar + 1)]) + item.slice(bar + 2);
      var count = reader.next(), size = reader.next(), startsFile = reader.next();
      if (startsFile === 1) { file += 1; position = 0; }
      terms.push(term); shown.push(display); df.push(count);
      postingsFile.push(file); offset.push(position); length.push(size);
      position += size;
    }
    return { terms: terms, shown: shown, df: df, postingsFile: postingsFile, offset: offset, length: length };
  }

  function decodePostings(text) {
    var reader = new NumberReader(text), sections = [], weights = [], section = 0;
    while (!reader.atEnd()) {
      section += reader.next();
      sections.push(section);
      weights.push(reader.nextDigit());
    }
    return { sections: sections, weights: weights };
  }

  function decodeText(coded, words) {
    return coded.replace(/[\x01-\x08\x0b\x0c\x0e-\x1f][A-Za-z0-9_-]/g, function (code) {
      return words[MARKER_INDEX[code.charCodeAt(0)] * 64 + DIGITS[code.charCodeAt(1)]];
    });
  }

  function derivedAnchor(heading) {
    return heading.toLowerCase().replace(/[^a-z0-9 _-]/g, "").replace(/ /g, "-");
  }

  function decodeDocuments(pages, rows, words) {
    return rows.map(function (row) {
      var page = pages[row[0]];
      return { page: page[0], pageTitle: page[1], skill: page[2], heading: row[1], parentHeading: row[2],
        text: decodeText(row[3], words), anchor: row.length > 4 ? row[4] : derivedAnchor(row[1]) };
    });
  }

  // --- Comparisons ----------------------------------------------------------------------------

  function compareStrings(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function roundedRarity(df, n) {
    var rarity = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    return Math.round(rarity * 1000000) / 1000000;
  }

  function unique(values) {
    var seen = new Set();
    return values.filter(function (value) {
      if (seen.has(value)) return false;
      seen.add(value);
      return true;
    });
  }

  // --- The engine (SearchEngine.swift, TermResolver.swift) -----------------------------------

  // options.load(path, receive) loads the index file at `path` (relative to the search/ folder)
  // and returns a promise; the file calls receive(kind, number, ...arguments).
  function createEngine(options) {
    var load = options.load;
    var store = new Map();
    var loading = new Map();
    var dictionaries = new Map();
    var postingsCache = new Map();
    var documents = new Map();
    var entry = null;
    var sharedWords = null;

    function receive(kind, number) {
      store.set(kind + "/" + number, Array.prototype.slice.call(arguments, 2));
    }

    function fetchFile(path, key, requested) {
      requested.add(path);
      if (store.has(key)) return Promise.resolve(store.get(key));
      if (!loading.has(path)) {
        loading.set(path, new Promise(function (resolve) { resolve(load(path, receive)); }).then(function () {
          if (!store.has(key)) throw new Error("search index file " + path + " did not register its data; rebuild the site");
        }, function (error) {
          loading.delete(path);
          throw error;
        }));
      }
      return loading.get(path).then(function () { return store.get(key); });
    }

    function loadEntry(requested) {
      return fetchFile("entry.js", "entry/0", requested).then(function (args) {
        if (!entry) {
          if (args[0].version !== 2) throw new Error("search index format " + args[0].version + " is not supported; rebuild the site");
          entry = decodeEntry(args[0]);
        }
        return entry;
      });
    }

    function loadDictionary(file, requested) {
      var name = entry.names[file];
      return fetchFile("t/" + name + ".js", "terms/" + name, requested).then(function (args) {
        if (!dictionaries.has(file)) dictionaries.set(file, decodeDictionary(args[0], args[1]));
        return dictionaries.get(file);
      });
    }

    function loadDocuments(file, requested) {
      var words = entry.words > 0
        ? fetchFile("words.js", "words/0", requested).then(function (args) {
          if (!sharedWords) sharedWords = args[0].split(" ");
          return sharedWords;
        })
        : Promise.resolve([]);
      return Promise.all([fetchFile("d/" + file + ".js", "docs/" + file, requested), words]).then(function (both) {
        if (!documents.has(file)) documents.set(file, decodeDocuments(both[0][0], both[0][1], both[1]));
        return documents.get(file);
      });
    }

    // A term found in a dictionary file: { term, shown, df, file, index }.
    function termAt(file, index) {
      var dictionary = dictionaries.get(file);
      return { term: dictionary.terms[index], shown: dictionary.shown[index], df: dictionary.df[index], file: file, index: index };
    }

    function fileFor(term) {
      var first = entry.firstTerms, low = 0, high = first.length - 1;
      while (low < high) {
        var middle = (low + high + 1) >> 1;
        if (term < first[middle]) high = middle - 1; else low = middle;
      }
      return low;
    }

    function postingsOf(found, requested) {
      var dictionary = dictionaries.get(found.file);
      var name = entry.names[found.file] + "-" + dictionary.postingsFile[found.index];
      var key = found.term;
      return fetchFile("p/" + name + ".js", "postings/" + name, requested).then(function (args) {
        if (!postingsCache.has(key)) {
          var start = dictionary.offset[found.index];
          postingsCache.set(key, decodePostings(args[0].slice(start, start + dictionary.length[found.index])));
        }
        return postingsCache.get(key);
      });
    }

    function exact(term, requested) {
      if (entry.firstTerms.length === 0) return Promise.resolve(null);
      var file = fileFor(term);
      return loadDictionary(file, requested).then(function (dictionary) {
        var terms = dictionary.terms, low = 0, high = terms.length;
        while (low < high) {
          var middle = (low + high) >> 1;
          if (terms[middle] < term) low = middle + 1; else high = middle;
        }
        return low < terms.length && terms[low] === term ? termAt(file, low) : null;
      });
    }

    function byFrequency(a, b) {
      return a.df !== b.df ? b.df - a.df : compareStrings(a.term, b.term);
    }

    function completions(prefix, excluding, requested) {
      var count = entry.firstTerms.length;
      if (count === 0) return Promise.resolve([]);
      var first = fileFor(prefix), last = first;
      while (last + 1 < count && last - first + 1 < 3 && entry.firstTerms[last + 1].startsWith(prefix)) last++;
      var files = [];
      for (var f = first; f <= last; f++) files.push(f);
      return Promise.all(files.map(function (file) { return loadDictionary(file, requested); })).then(function () {
        var found = [];
        files.forEach(function (file) {
          var dictionary = dictionaries.get(file);
          for (var i = 0; i < dictionary.terms.length; i++) {
            if (dictionary.terms[i].startsWith(prefix) && !excluding.has(dictionary.terms[i])) found.push(termAt(file, i));
          }
        });
        found.sort(byFrequency);
        // The most frequent completions, up to a number of terms and of sections in all.
        var chosen = [], postings = 0;
        for (var k = 0; k < found.length && chosen.length < MAXIMUM_PREFIX_TERMS; k++) {
          if (chosen.length > 0 && postings + found[k].df > MAXIMUM_PREFIX_POSTINGS) break;
          postings += found[k].df;
          chosen.push(found[k]);
        }
        return chosen;
      });
    }

    function neighbours(word, stemmed, distance, excluding, requested) {
      var count = entry.firstTerms.length;
      if (count === 0) return Promise.resolve([]);
      var center = fileFor(word);
      var candidates = new Set([center, fileFor(stemmed)]);
      if (word.length >= 2) {
        var head = word.slice(0, 2);
        if (center > 0 && entry.firstTerms[center].startsWith(head)) candidates.add(center - 1);
        if (center + 1 < count && entry.firstTerms[center + 1].startsWith(head)) candidates.add(center + 1);
        candidates.add(fileFor(word[1] + word[0] + word.slice(2)));
      }
      var files = Array.from(candidates).sort(function (a, b) { return a - b; });
      return Promise.all(files.map(function (file) { return loadDictionary(file, requested); })).then(function () {
        var found = [];
        files.forEach(function (file) {
          var dictionary = dictionaries.get(file);
          for (var i = 0; i < dictionary.terms.length; i++) {
            var term = dictionary.terms[i];
            if (excluding.has(term)) continue;
            var d = Math.min(editDistance(word, term, distance), editDistance(stemmed, term, distance));
            // A typo in an ending the stemmer would have cut (TermResolver.neighbours).
            if (d > distance && word.length > term.length) {
              for (var e = 0; e < TYPO_ENDINGS.length; e++) {
                if (Math.abs(term.length + TYPO_ENDINGS[e].length - word.length) <= distance) {
                  d = Math.min(d, editDistance(word, term + TYPO_ENDINGS[e], distance));
                }
              }
            }
            if (d <= distance) { var t = termAt(file, i); t.distance = d; found.push(t); }
          }
        });
        return found.sort(function (a, b) { return a.distance !== b.distance ? a.distance - b.distance : byFrequency(a, b); });
      });
    }

    // The terms a slot matches: exact, then completions, then typos (SearchEngine.resolve).
    function resolve(slot, requested) {
      var alternatives = [];
      var seen = new Set();
      var accepted = new Set(slot.exact);
      return Promise.all(slot.exact.map(function (term) { return exact(term, requested); })).then(function (found) {
        found.forEach(function (term) {
          if (term && !seen.has(term.term)) {
            seen.add(term.term);
            alternatives.push({ found: term, weight: EXACT_MATCH });
          }
        });
        return slot.prefix ? completions(slot.word, seen, requested) : [];
      }).then(function (completed) {
        // A word being typed that is already a word of the index is most likely finished: its
        // completions find pages, ranked below, unmarked and without boosts (SearchEngine.resolve).
        var isWord = alternatives.length > 0;
        completed.forEach(function (term) {
          seen.add(term.term);
          alternatives.push({ found: term, weight: PREFIX_MATCH, marked: !isWord });
          if (!isWord) accepted.add(term.term);
        });
        // Unmarked completions do not count: a finished word is forgiven typos as once the query is finished.
        var total = alternatives.reduce(function (sum, alternative) {
          return alternative.marked === false ? sum : sum + alternative.found.df;
        }, 0);
        if (slot.allowsTypo && slot.word.length >= MINIMUM_TYPO_LENGTH && total < FEW_MATCHES) {
          return neighbours(slot.word, slot.exact[0], 1, seen, requested);
        }
        return [];
      }).then(function (near) {
        var corrections = near.slice(0, MAXIMUM_TYPO_TERMS);
        var likeliest = corrections.length > 0 ? corrections[0].df : 0;
        corrections.forEach(function (term) {
          seen.add(term.term);
          alternatives.push({ found: term, weight: typoWeight(term.df, likeliest), rarityDf: likeliest });
          accepted.add(term.term);
        });
        return { slot: slot, alternatives: alternatives, accepted: accepted };
      });
    }

    function documentFile(section) { return lastAtMost(entry.documentStarts, section); }
    function loadSection(section, requested) {
      var file = documentFile(section);
      return loadDocuments(file, requested).then(function (rows) { return rows[section - entry.documentStarts[file]]; });
    }

    // Zeroed arrays by section, reused from query to query (each query zeroes what it used).
    var scratch = null;
    function scratchArrays(n, groups) {
      if (!scratch || scratch.n !== n) {
        scratch = { n: n, score: new Float64Array(n), best: new Float64Array(n), seen: new Uint8Array(n), parts: [],
          completed: new Float64Array(n), completionOnly: new Uint8Array(n),
          matched: new Uint8Array(n), headBest: new Int32Array(n).fill(-1), pageBest: new Int32Array(entry.pages).fill(-1) };
      }
      while (scratch.parts.length < groups) scratch.parts.push(new Uint16Array(n));
      return scratch;
    }

    function search(text, searchOptions) {
      var opts = searchOptions || {};
      var limit = opts.limit === undefined ? 10 : opts.limit;
      var offset = opts.offset || 0;
      var sectionsPerPage = Math.max(1, opts.sectionsPerPage || 1);
      var requested = new Set();
      var slots, matchedTerms, pages, query, total = 0;
      return loadEntry(requested).then(function () {
        query = parseQuery(text, opts.typing);
        // Slots resolve one after another, as in Swift.
        var chain = Promise.resolve([]);
        query.slots.forEach(function (slot) {
          chain = chain.then(function (done) {
            return resolve(slot, requested).then(function (resolved) { return done.concat([resolved]); });
          });
        });
        return chain;
      }).then(function (resolved) {
        slots = resolved;
        var lists = [];
        slots.forEach(function (slot) {
          slot.alternatives.forEach(function (alternative) { lists.push(postingsOf(alternative.found, requested)); });
        });
        return Promise.all(lists);
      }).then(function (lists) {
        // Score sections, slot by slot; count the query words each section has all parts of.
        // Typed arrays indexed by section keep this fast for terms in thousands of sections.
        var n = entry.sections;
        var scratch = scratchArrays(n, query.groupSizes.length);
        var score = scratch.score, best = scratch.best, parts = scratch.parts;
        var touched = [];
        // Completions of a finished word being typed (unmarked) score apart (SearchEngine.search).
        var completed = scratch.completed, completedTouched = [];
        var list = 0;
        slots.forEach(function (slot) {
          var bestTouched = [];
          slot.alternatives.forEach(function (alternative) {
            // A correction scores with the likeliest correction's rarity (SearchRanking.typoWeight).
            var rarity = roundedRarity(alternative.rarityDf === undefined ? alternative.found.df : alternative.rarityDf, n);
            var postings = lists[list++];
            var sections = postings.sections, weights = postings.weights;
            for (var i = 0; i < sections.length; i++) {
              var value = alternative.weight * rarity * (weights[i] / WEIGHT_STEPS * MAX_TERM_WEIGHT);
              var section = sections[i];
              if (alternative.marked === false) {
                var scaled = value * slot.slot.scale;
                if (scaled > completed[section]) {
                  if (completed[section] === 0) completedTouched.push(section);
                  completed[section] = scaled;
                }
              } else if (value > best[section]) {
                if (best[section] === 0) bestTouched.push(section);
                best[section] = value;
              }
            }
          });
          var scale = slot.slot.scale, required = slot.slot.required, groupParts = parts[slot.slot.group];
          for (var k = 0; k < bestTouched.length; k++) {
            var section = bestTouched[k];
            if (score[section] === 0 && !scratch.seen[section]) { scratch.seen[section] = 1; touched.push(section); }
            score[section] += best[section] * scale;
            best[section] = 0;
            if (required) groupParts[section] += 1;
          }
        });
        // Which query words each section has all parts of; sections with none of the words drop out.
        var matchedOf = scratch.matched, candidates = [];
        var groups = query.groupSizes.length;
        for (var t = 0; t < touched.length; t++) {
          var section = touched[t];
          var any = false, matched = 0;
          for (var g = 0; g < groups; g++) {
            var count = parts[g][section];
            if (count > 0) { any = true; if (count === query.groupSizes[g]) matched += 1; }
            parts[g][section] = 0;
          }
          scratch.seen[section] = 0;
          if (any) { matchedOf[section] = matched; candidates.push(section); } else { score[section] = 0; }
        }
        // Sections found only by completing a finished word come after all the others, so that
        // the query ranks the same while typed as once finished (the dropdown and the results page).
        var completionOnly = scratch.completionOnly;
        var completedMatches = query.groupSizes[query.groupSizes.length - 1] === 1 ? 1 : 0;
        for (var c = 0; c < completedTouched.length; c++) {
          var found = completedTouched[c];
          if (matchedOf[found] === 0 && score[found] === 0) {
            completionOnly[found] = 1;
            score[found] = completed[found];
            matchedOf[found] = completedMatches;
            candidates.push(found);
          }
          completed[found] = 0;
        }
        // Found by the words as typed first, then more words, then a higher score, then the earlier section.
        function before(a, b) {
          if (completionOnly[a] !== completionOnly[b]) return completionOnly[b] === 1;
          if (matchedOf[a] !== matchedOf[b]) return matchedOf[a] > matchedOf[b];
          if (score[a] !== score[b]) return score[a] > score[b];
          return a < b;
        }
        function compare(a, b) { return a === b ? 0 : before(a, b) ? -1 : 1; }
        // The best part of each long section, then the best section of each page.
        var headBest = scratch.headBest, pageBest = scratch.pageBest, heads = [], pageList = [];
        candidates.forEach(function (section) {
          var head = entry.headOf[section];
          if (headBest[head] < 0) { heads.push(head); headBest[head] = section; }
          else if (before(section, headBest[head])) headBest[head] = section;
        });
        heads.forEach(function (head) {
          var section = headBest[head], page = entry.pageOf[section];
          if (pageBest[page] < 0) { pageList.push(page); pageBest[page] = section; }
          else if (before(section, pageBest[page])) pageBest[page] = section;
        });
        pageList.sort(function (a, b) { return compare(pageBest[a], pageBest[b]); });
        // The sections of the pages that will be read or shown, in rank order.
        var needed = new Map();
        var last = Math.min(pageList.length, Math.max(RERANK_WINDOW, offset + Math.max(0, limit)));
        for (var q = 0; q < last; q++) needed.set(pageList[q], []);
        heads.forEach(function (head) {
          var list = needed.get(entry.pageOf[headBest[head]]);
          if (list) list.push(headBest[head]);
        });
        pages = pageList.map(function (page) {
          var list = needed.get(page);
          if (!list) return null;
          return list.sort(compare).map(function (section) {
            return { section: section, score: score[section], matched: matchedOf[section],
              completionOnly: completionOnly[section] === 1 };
          });
        });
        total = pageList.length;
        // Leave the scratch arrays zeroed for the next query.
        candidates.forEach(function (section) { score[section] = 0; matchedOf[section] = 0; completionOnly[section] = 0; });
        heads.forEach(function (head) { headBest[head] = -1; });
        pageList.forEach(function (page) { pageBest[page] = -1; });

        matchedTerms = new Set();
        slots.forEach(function (slot) { slot.alternatives.forEach(function (a) { if (a.marked !== false) matchedTerms.add(a.found.term); }); });
        var window = Math.min(RERANK_WINDOW, total);
        var firsts = [];
        for (var p = 0; p < window; p++) firsts.push(loadSection(pages[p][0].section, requested));
        return Promise.all(firsts);
      }).then(function (firstSections) {
        // Re-rank the first pages by what their best section's text shows.
        var required = slots.filter(function (slot) { return slot.slot.required; });
        var words = query.groupSizes.filter(function (size) { return size > 0; }).length;
        var boosted = firstSections.map(function (stored, position) {
          var best = pages[position][0];
          var matching = pages[position].filter(function (hit) { return !hit.completionOnly && hit.matched === best.matched; }).length;
          var focus = pageFocus(matching, entry.sectionsOfPage[entry.pageOf[best.section]]);
          return { index: position, score: rerankedScore(best.score, boostFactor(stored, required), words - best.matched, focus),
            completionOnly: best.completionOnly };
        });
        boosted.sort(function (a, b) {
          if (a.completionOnly !== b.completionOnly) return a.completionOnly ? 1 : -1;
          if (a.score !== b.score) return b.score - a.score;
          return a.index - b.index;
        });
        var order = boosted.map(function (entryScore) { return entryScore.index; });
        var finalScore = new Map();
        boosted.forEach(function (entryScore) { finalScore.set(entryScore.index, entryScore.score); });
        for (var p = boosted.length; p < Math.min(total, offset + Math.max(0, limit)); p++) order.push(p);

        var shown = order.slice(offset, offset + Math.max(0, limit));
        return Promise.all(shown.map(function (position) {
          var hits = pages[position].slice(0, sectionsPerPage);
          return Promise.all(hits.map(function (hit) { return loadSection(hit.section, requested); })).then(function (stored) {
            var first = stored[0];
            return {
              page: first.page, pageTitle: first.pageTitle, skill: first.skill,
              score: finalScore.has(position) ? finalScore.get(position) : hits[0].score,
              matched: hits[0].matched, words: words,
              sections: hits.map(function (hit, k) {
                var section = stored[k];
                return { section: hit.section, anchor: section.anchor, heading: section.heading,
                  parentHeading: section.parentHeading,
                  url: section.anchor ? section.page + "#" + section.anchor : section.page,
                  score: hit.score, snippet: snippet(section.text, matchedTerms),
                  terms: termsIn([k === 0 ? section.pageTitle : "", section.heading, section.text], matchedTerms) };
              }),
            };
          });
        }));
      }).then(function (results) {
        var terms = [];
        slots.forEach(function (slot) { slot.alternatives.forEach(function (a) { if (a.marked !== false) terms.push(a.found.term); }); });
        var suggestions = total === 0 ? suggest(slots, requested) : Promise.resolve([]);
        return suggestions.then(function (suggested) {
          return {
            query: text, total: total, results: results, terms: unique(terms), suggestions: suggested,
            files: Array.from(requested).sort(compareStrings),
          };
        });
      });
    }

    // Up to five known words closest to the query's words (SearchEngine.suggest).
    function suggest(slots, requested) {
      var words = slots.map(function (s) { return s.slot; }).filter(function (slot) { return slot.allowsTypo && slot.word.length >= 3; });
      var candidates = [];
      var chain = Promise.resolve();
      words.forEach(function (slot) {
        chain = chain.then(function () {
          return neighbours(slot.word, slot.exact[0], 2, new Set(), requested).then(function (near) { candidates = candidates.concat(near); });
        });
      });
      return chain.then(function () {
        candidates.sort(function (a, b) { return a.distance !== b.distance ? a.distance - b.distance : byFrequency(a, b); });
        return unique(candidates.map(function (c) { return c.shown; })).slice(0, 5);
      });
    }

    // Loads the entry file ahead of the first query (when the search box gets the focus).
    function prepare() {
      return loadEntry(new Set()).then(function () { return undefined; });
    }

    return { search: search, prepare: prepare, receive: receive };
  }

  // --- Boosts (SectionBoost.swift) -----------------------------------------------------------

  // SearchRanking.rerankedScore: the page's score, boosted, times PARTIAL_MATCH per missing word,
  // times its focus on the query.
  function rerankedScore(score, boost, missingWords, focus) {
    var factor = 1;
    for (var k = 0; k < missingWords; k++) factor *= PARTIAL_MATCH;
    return score * boost * factor * (1 + PAGE_FOCUS * focus);
  }

  // SearchRanking.focus: the share of a page's sections that hold as many words as its best.
  function pageFocus(matching, sections) {
    return sections > 0 ? Math.min(1, matching / sections) : 0;
  }

  function boostFactor(section, required) {
    var title = section.heading === "" ? section.pageTitle : section.heading;
    var text = title + "\n" + section.text;
    var phrase = required.length >= 2 && containsPhrase(text, required);
    var near = required.length >= 2 && !phrase ? closeness(text, required) : 0;
    // The strongest of what the titles show (SectionBoost.factor).
    var titleBoost = TITLE_OVERLAP_BOOST * titleOverlap(section.pageTitle, required);
    if (isExactTitle(section.pageTitle, required)) {
      titleBoost = Math.max(titleBoost, PAGE_TITLE_BOOST);
    } else if (isExactTitle(section.heading, required) || containsPhrase(section.pageTitle, required)) {
      titleBoost = Math.max(titleBoost, TITLE_BOOST);
    }
    return 1 + (phrase ? PHRASE_BOOST : PROXIMITY_BOOST * near) + titleBoost;
  }

  // SectionBoost.closeness: (n - 1) / (w - 1) for the narrowest window of w positions holding a
  // word of each of the n slots, 0 when a slot is missing or the window is too wide.
  function closeness(text, slots) {
    var hits = [];
    tokenize(text).forEach(function (token) {
      slots.forEach(function (slot, index) { if (slot.accepted.has(token.term)) hits.push({ position: token.position, slot: index }); });
    });
    var counts = slots.map(function () { return 0; });
    var covered = 0, narrowest = Infinity, start = 0;
    for (var end = 0; end < hits.length; end++) {
      if (counts[hits[end].slot] === 0) covered += 1;
      counts[hits[end].slot] += 1;
      while (covered === slots.length) {
        narrowest = Math.min(narrowest, hits[end].position - hits[start].position + 1);
        counts[hits[start].slot] -= 1;
        if (counts[hits[start].slot] === 0) covered -= 1;
        start += 1;
      }
    }
    if (narrowest === Infinity || narrowest > PROXIMITY_WINDOW * slots.length) return 0;
    return Math.min(1, (slots.length - 1) / Math.max(1, narrowest - 1));
  }

  function containsPhrase(text, slots) {
    if (slots.length === 0) return false;
    var tokens = tokenize(text);
    var termsAt = new Map();
    tokens.forEach(function (token) {
      if (!termsAt.has(token.position)) termsAt.set(token.position, []);
      termsAt.get(token.position).push(token.term);
    });
    for (var t = 0; t < tokens.length; t++) {
      if (!slots[0].accepted.has(tokens[t].term)) continue;
      var matches = true;
      for (var k = 1; k < slots.length; k++) {
        var terms = termsAt.get(tokens[t].position + k);
        if (!terms || !terms.some(function (term) { return slots[k].accepted.has(term); })) { matches = false; break; }
      }
      if (matches) return true;
    }
    return false;
  }

  function titleTerms(title) {
    return tokenize(title).filter(function (token) { return token.kind !== "identifier"; }).map(function (token) { return token.term; });
  }

  function titleOverlap(title, slots) {
    var terms = titleTerms(title);
    if (slots.length === 0 || terms.length === 0) return 0;
    var inTitle = terms.filter(function (term) { return slots.some(function (slot) { return slot.accepted.has(term); }); }).length;
    var found = slots.filter(function (slot) { return terms.some(function (term) { return slot.accepted.has(term); }); }).length;
    return inTitle / terms.length * (found / slots.length);
  }

  function isExactTitle(title, slots) {
    var terms = titleTerms(title);
    if (slots.length === 0 || terms.length !== slots.length) return false;
    return terms.every(function (term, k) { return slots[k].accepted.has(term); });
  }

  // --- Snippets (SnippetMaker.swift) ---------------------------------------------------------

  // The matched terms a section's heading and text (and, for a page's first section, the page's
  // title) hold, in order of first use: what the page a result leads to highlights (not every
  // completion of the last word the query matched).
  function termsIn(texts, terms) {
    var found = [];
    texts.forEach(function (text) {
      if (text) tokenize(text).forEach(function (token) { if (terms.has(token.term)) found.push(token.term); });
    });
    return unique(found);
  }

  function isSpaceCode(code) { return code === 32 || code === 10; }

  function snippet(text, terms) {
    var marks = tokenize(text).filter(function (token) { return terms.has(token.term); })
      .map(function (token) { return { start: token.start, end: token.end, term: token.term }; });
    var merged = mergeRanges(marks);
    var start = 0, bestCount = 0;
    marks.forEach(function (mark) {
      var candidate = Math.max(0, mark.start - SNIPPET_LEAD);
      var seen = new Set();
      marks.forEach(function (other) {
        if (other.start >= candidate && other.end <= candidate + SNIPPET_LENGTH) seen.add(other.term);
      });
      if (seen.size > bestCount) { bestCount = seen.size; start = candidate; }
    });
    var end = Math.min(text.length, start + SNIPPET_LENGTH);
    var inside = merged.filter(function (r) { return r[0] >= start && r[1] <= end; });
    if (start > 0) {
      var limit = Math.min(start + 20, inside.length ? inside[0][0] : end);
      for (var i = start; i < Math.max(start, limit); i++) {
        if (isSpaceCode(text.charCodeAt(i))) { start = i + 1; break; }
      }
    }
    if (end < text.length) {
      var from = Math.max(start + SNIPPET_LENGTH / 2, inside.length ? inside[inside.length - 1][1] : start);
      if (from < end) {
        for (var j = end - 1; j >= from; j--) {
          if (isSpaceCode(text.charCodeAt(j))) { end = j; break; }
        }
      }
    }
    if (start < text.length && isLowSurrogate(text.charCodeAt(start))) start += 1;
    if (end < text.length && end > start && isLowSurrogate(text.charCodeAt(end))) end -= 1;
    end = Math.max(start, end);
    var shown = text.slice(start, end).replace(/\n/g, " ");
    var shift = -start;
    if (start > 0) { shown = "\u2026" + shown; shift += 1; }
    if (end < text.length) shown += "\u2026";
    var kept = merged.filter(function (r) { return r[0] >= start && r[1] <= end; })
      .map(function (r) { return [r[0] + shift, r[1] + shift]; });
    return { text: shown, marks: kept };
  }

  function isLowSurrogate(code) { return code >= 0xdc00 && code <= 0xdfff; }

  function mergeRanges(marks) {
    var ranges = marks.map(function (mark) { return [mark.start, mark.end]; })
      .sort(function (a, b) { return a[0] - b[0]; });
    var result = [];
    ranges.forEach(function (range) {
      var last = result[result.length - 1];
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
      else result.push([range[0], range[1]]);
    });
    return result;
  }

  // --- Loaders ---------------------------------------------------------------------------------

  // Loads index files with <script> tags, which browsers allow from file://.
  function scriptLoader(base) {
    return function (path, receive) {
      return new Promise(function (resolve, reject) {
        self.skillbookSearchData = receive;
        var script = document.createElement("script");
        script.src = base + path;
        script.charset = "utf-8";
        script.async = true;
        script.onload = function () { script.remove(); resolve(); };
        script.onerror = function () { script.remove(); reject(new Error("cannot load the search index file " + path)); };
        document.head.appendChild(script);
      });
    };
  }

  // Loads index files from a folder on disk under Node, running them as the browser would.
  function folderLoader(folder) {
    var fs = require("fs"), path = require("path"), vm = require("vm");
    return function (file, receive) {
      return new Promise(function (resolve) {
        var code = fs.readFileSync(path.join(folder, file), "utf8");
        vm.runInNewContext(code, { skillbookSearchData: receive }, { filename: file });
        resolve();
      });
    };
  }

  return {
    fold: fold,
    stem: stem,
    tokenize: tokenize,
    parseQuery: parseQuery,
    editDistance: editDistance,
    snippet: snippet,
    createEngine: createEngine,
    scriptLoader: scriptLoader,
    folderLoader: folderLoader,
  };
});
