/*
 * C++17 (g++). Learner convention: a free function in solution.cpp, no header of ours to include:
 *   #include <vector>
 *   using namespace std;
 *   vector<int> twoNumberSum(vector<int> array, int targetSum) { ... }
 * Types: int, long long, double, bool, string, vector<T>, unordered_map<string, T> and the provided
 * ListNode* / TreeNode* (`struct ListNode { int value; ListNode* next; }`, `struct TreeNode { int value;
 * TreeNode* left; TreeNode* right; }`, constructors taking the value). The harness includes the standard
 * library and `using namespace std;`, defines the node types the question uses, then includes solution.cpp
 * as its own file, so g++ reports the learner's errors as solution.cpp:line. A thrown C string or
 * std::string is a RUNTIME error with that text. JSON is read and written by templates over the types.
 */
import type { ValueType } from '@app/contracts';
import {
  INPUTS_FILE,
  lines,
  MAX_NODES,
  nodesUsed,
  placeholder,
  programsAvailable,
  RESULTS_FILE,
  typesOf,
} from './language';
import type { LanguageModule } from './language';
import { CPP_COMMON_HEADER, CPP_FLAGS } from './toolchains';
import type { Toolchains } from './toolchains';

export function cppType(type: ValueType): string {
  switch (type.kind) {
    case 'int':
      return 'int';
    case 'long':
      return 'long long';
    case 'float':
      return 'double';
    case 'bool':
      return 'bool';
    case 'string':
      return 'string';
    case 'array':
      return `vector<${cppType(type.of)}>`;
    case 'map':
      return `unordered_map<string, ${cppType(type.of)}>`;
    default:
      return `${type.kind}*`;
  }
}

const JSON_CODE = (nodes: { list: boolean; tree: boolean }) => `namespace harness {
struct Json {
  char kind = 'n';  // n(ull) b(ool) d(number) s(tring) a(rray) o(bject)
  bool flag = false;
  string text;      // number literal or string value
  vector<Json> items;
  vector<pair<string, Json>> fields;
};

struct Reader {
  const string& s;
  size_t i = 0;
  void ws() { while (i < s.size() && isspace((unsigned char) s[i])) i++; }
  static void utf8(string& out, unsigned cp) {
    if (cp < 0x80) out += (char) cp;
    else if (cp < 0x800) { out += (char) (0xC0 | (cp >> 6)); out += (char) (0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { out += (char) (0xE0 | (cp >> 12)); out += (char) (0x80 | ((cp >> 6) & 0x3F)); out += (char) (0x80 | (cp & 0x3F)); }
    else { out += (char) (0xF0 | (cp >> 18)); out += (char) (0x80 | ((cp >> 12) & 0x3F)); out += (char) (0x80 | ((cp >> 6) & 0x3F)); out += (char) (0x80 | (cp & 0x3F)); }
  }
  string str() {
    string out;
    i++;
    while (s[i] != '"') {
      char c = s[i++];
      if (c != '\\\\') { out += c; continue; }
      char e = s[i++];
      if (e == 'u') {
        unsigned cp = stoul(s.substr(i, 4), nullptr, 16);
        i += 4;
        if (cp >= 0xD800 && cp < 0xDC00 && s[i] == '\\\\') {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (stoul(s.substr(i + 2, 4), nullptr, 16) - 0xDC00);
          i += 6;
        }
        utf8(out, cp);
      } else out += e == 'n' ? '\\n' : e == 't' ? '\\t' : e == 'r' ? '\\r' : e == 'b' ? '\\b' : e == 'f' ? '\\f' : e;
    }
    i++;
    return out;
  }
  Json read() {
    ws();
    Json j;
    char c = s[i];
    if (c == '{' || c == '[') {
      j.kind = c == '{' ? 'o' : 'a';
      char close = c == '{' ? '}' : ']';
      i++;
      ws();
      if (s[i] == close) { i++; return j; }
      while (true) {
        ws();
        if (j.kind == 'o') { string key = str(); ws(); i++; j.fields.emplace_back(key, read()); }
        else j.items.push_back(read());
        ws();
        if (s[i++] == close) return j;
      }
    }
    if (c == '"') { j.kind = 's'; j.text = str(); return j; }
    if (c == 't' || c == 'f') { j.kind = 'b'; j.flag = c == 't'; i += c == 't' ? 4 : 5; return j; }
    if (c == 'n') { i += 4; return j; }
    j.kind = 'd';
    size_t start = i;
    while (i < s.size() && strchr("+-0123456789.eE", s[i])) i++;
    j.text = s.substr(start, i - start);
    return j;
  }
};

struct Invalid { string reason; };

inline void from(const Json& j, int& v) { v = (int) stoll(j.text); }
inline void from(const Json& j, long long& v) { v = stoll(j.text); }
inline void from(const Json& j, double& v) { v = stod(j.text); }
inline void from(const Json& j, bool& v) { v = j.flag; }
inline void from(const Json& j, string& v) { v = j.text; }
${lines(
  'template <class T> void from(const Json& j, vector<T>& v);',
  'template <class T> void from(const Json& j, unordered_map<string, T>& v);',
  'template <class T> void to(string& o, const vector<T>& v);',
  'template <class T> void to(string& o, const unordered_map<string, T>& m);',
  'template <class T> void to(string& o, const map<string, T>& m);',
  nodes.list && 'inline void from(const Json& j, ListNode*& v);\ninline void to(string& o, ListNode* v);',
  nodes.tree && 'inline void from(const Json& j, TreeNode*& v);\ninline void to(string& o, TreeNode* v);',
)}
template <class T> void from(const Json& j, vector<T>& v) {
  v.resize(j.items.size());
  for (size_t k = 0; k < j.items.size(); k++) { T item; from(j.items[k], item); v[k] = item; }
}
template <class T> void from(const Json& j, unordered_map<string, T>& v) {
  for (auto& f : j.fields) from(f.second, v[f.first]);
}

inline void to(string& o, long long v) { o += to_string(v); }
inline void to(string& o, int v) { o += to_string(v); }
inline void to(string& o, long v) { o += to_string(v); }
inline void to(string& o, unsigned v) { o += to_string(v); }
inline void to(string& o, unsigned long v) { o += to_string(v); }
inline void to(string& o, unsigned long long v) { o += to_string(v); }
inline void to(string& o, bool v) { o += v ? "true" : "false"; }
inline void to(string& o, const string& v) {
  o += '"';
  for (unsigned char c : v) {
    if (c == '"' || c == '\\\\') { o += '\\\\'; o += (char) c; }
    else if (c < 0x20) { char buf[8]; snprintf(buf, sizeof buf, "\\\\u%04x", c); o += buf; }
    else o += (char) c;
  }
  o += '"';
}
inline void to(string& o, const char* v) { to(o, string(v)); }
inline void to(string& o, char v) { to(o, string(1, v)); }
inline void to(string& o, double v) {
  if (!isfinite(v)) { to(o, string(isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity")); return; }
  char buf[32];
  snprintf(buf, sizeof buf, "%.17g", v);
  o += buf;
}
inline void to(string& o, float v) { to(o, (double) v); }
template <class T> void to(string& o, const vector<T>& v) {
  o += '[';
  for (size_t k = 0; k < v.size(); k++) { if (k) o += ','; to(o, (T) v[k]); }
  o += ']';
}
template <class T> void to(string& o, const deque<T>& v) { to(o, vector<T>(v.begin(), v.end())); }
template <class T> void to(string& o, const list<T>& v) { to(o, vector<T>(v.begin(), v.end())); }
template <class T> void to(string& o, const set<T>& v) { to(o, vector<T>(v.begin(), v.end())); }
template <class T, size_t N> void to(string& o, const array<T, N>& v) { to(o, vector<T>(v.begin(), v.end())); }
template <class M> void toMap(string& o, const M& m) {
  o += '{';
  bool first = true;
  for (auto& en : m) { if (!first) o += ','; first = false; to(o, string(en.first)); o += ':'; to(o, en.second); }
  o += '}';
}
template <class T> void to(string& o, const unordered_map<string, T>& m) { toMap(o, m); }
template <class T> void to(string& o, const map<string, T>& m) { toMap(o, m); }
}  // namespace harness
`;

const NODE_CODE = (nodes: { list: boolean; tree: boolean }) =>
  lines(
    'namespace harness {',
    nodes.list &&
      `inline void from(const Json& j, ListNode*& v) {
  v = nullptr;
  for (size_t k = j.items.size(); k-- > 0;) v = new ListNode(stoi(j.items[k].text), v);
}
inline void to(string& o, ListNode* v) {
  vector<int> values;
  for (ListNode* n = v; n != nullptr; n = n->next) {
    values.push_back(n->value);
    if (values.size() > ${MAX_NODES}) throw Invalid{"the returned list is cyclic or longer than ${MAX_NODES} nodes"};
  }
  to(o, values);
}`,
    nodes.tree &&
      `inline void from(const Json& j, TreeNode*& v) {
  const vector<Json>& l = j.items;
  v = nullptr;
  if (l.empty()) return;
  v = new TreeNode(stoi(l[0].text));
  vector<TreeNode*> queue{v};
  for (size_t q = 0, k = 1; k < l.size(); q++) {
    TreeNode* node = queue[q];
    if (k < l.size() && l[k].kind != 'n') queue.push_back(node->left = new TreeNode(stoi(l[k].text)));
    k++;
    if (k < l.size() && l[k].kind != 'n') queue.push_back(node->right = new TreeNode(stoi(l[k].text)));
    k++;
  }
}
inline void to(string& o, TreeNode* v) {
  vector<TreeNode*> queue{v};
  vector<string> values;
  for (size_t q = 0; q < queue.size(); q++) {
    TreeNode* n = queue[q];
    if (n == nullptr) { values.push_back("null"); continue; }
    values.push_back(to_string(n->value));
    queue.push_back(n->left);
    queue.push_back(n->right);
    if (queue.size() > ${MAX_NODES}) throw Invalid{"the returned tree is cyclic or larger than ${MAX_NODES} nodes"};
  }
  while (!values.empty() && values.back() == "null") values.pop_back();
  o += '[';
  for (size_t k = 0; k < values.size(); k++) { if (k) o += ','; o += values[k]; }
  o += ']';
}`,
    '}  // namespace harness',
  );

const nodeStructs = (nodes: { list: boolean; tree: boolean }) => [
  nodes.list &&
    'struct ListNode {\n  int value;\n  ListNode* next;\n  ListNode(int value, ListNode* next = nullptr) : value(value), next(next) {}\n};',
  nodes.tree &&
    'struct TreeNode {\n  int value;\n  TreeNode* left;\n  TreeNode* right;\n  TreeNode(int value, TreeNode* left = nullptr, TreeNode* right = nullptr) : value(value), left(left), right(right) {}\n};',
];

/** `harness::call(a0, ...)`: the learner's function called with the harness's arguments. */
const callSignature = (params: ValueType[], returns: ValueType) =>
  `${cppType(returns)} call(${params.map((type, i) => `${cppType(type)}& a${i}`).join(', ')})`;

/**
 * The harness. `whole`: one translation unit including solution.cpp. `split`: everything but the
 * learner's code, calling `harness::call`, which entry.cpp defines around solution.cpp; compiled once per
 * signature (prebuild), so a learner's build compiles only entry.cpp: about half the time.
 */
const harness = (
  name: string,
  params: ValueType[],
  returns: ValueType,
  nodes: { list: boolean; tree: boolean },
  mode: 'whole' | 'split',
) =>
  lines(
    '#include <bits/stdc++.h>',
    '#include <cxxabi.h>',
    '#include <sys/mman.h>',
    '#include <sys/wait.h>',
    '#include <unistd.h>',
    'using namespace std;',
    '',
    ...nodeStructs(nodes),
    '',
    JSON_CODE(nodes),
    NODE_CODE(nodes),
    '',
    mode === 'whole'
      ? '#include "solution.cpp"'
      : `namespace harness {\n${callSignature(params, returns)};\n}`,
    '',
    'namespace harness {',
    'string run(const Json& args) {',
    ...params.map((type, i) => `  ${cppType(type)} a${i}{};\n  from(args.items[${i}], a${i});`),
    `  auto result = ${mode === 'whole' ? name : 'call'}(${params.map((_, i) => `a${i}`).join(', ')});`,
    '  string out;',
    '  to(out, result);',
    '  return out;',
    '}',
    '',
    'string typeName(const type_info& type) {',
    '  int status = 0;',
    '  char* name = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);',
    '  string out = status == 0 && name ? name : type.name();',
    '  free(name);',
    '  return out;',
    '}',
    '}  // namespace harness',
    '',
    'int main() {',
    '  using namespace harness;',
    '  setvbuf(stdout, nullptr, _IOLBF, 1 << 16);',
    `  ifstream in("${INPUTS_FILE}");`,
    '  string text((istreambuf_iterator<char>(in)), istreambuf_iterator<char>());',
    '  Reader reader{text};',
    '  Json spec = reader.read();',
    '  string nonce;',
    '  const Json* tests = nullptr;',
    '  for (auto& f : spec.fields) {',
    '    if (f.first == "nonce") nonce = f.second.text;',
    '    if (f.first == "tests") tests = &f.second;',
    '  }',
    `  FILE* out = fopen("${RESULTS_FILE}", "a");`,
    "  // Set by a test's process once its result line is written (the process may exit(0) before).",
    '  auto* finished = (volatile int*) mmap(nullptr, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);',
    '  for (size_t i = 0; i < tests->items.size(); i++) {',
    '    fprintf(out, "{\\"start\\":%zu}\\n", i);',
    '    fflush(out);',
    '    cout.flush();',
    '    printf("\\x1e%s:%zu:start\\x1e", nonce.c_str(), i);',
    '    fflush(stdout);',
    '    auto runTest = [&]() {',
    '      string line = "{\\"test\\":" + to_string(i);',
    '      auto fail = [&](const string& type, const string& reason) {',
    '        line += ",\\"error\\":{\\"type\\":";',
    '        to(line, type);',
    '        line += ",\\"reason\\":";',
    '        to(line, reason);',
    "        line += '}';",
    '      };',
    '      try {',
    '        line += ",\\"value\\":" + run(tests->items[i]);',
    '      } catch (const Invalid& e) {',
    '        line += ",\\"invalid\\":";',
    '        to(line, e.reason);',
    '      } catch (const char* e) {',
    '        fail("RUNTIME", e);',
    '      } catch (const string& e) {',
    '        fail("RUNTIME", e);',
    '      } catch (const exception& e) {',
    '        fail(typeName(typeid(e)), e.what());',
    '      } catch (...) {',
    '        fail("exception", "an exception that is not a std::exception");',
    '      }',
    '      cout.flush();',
    '      fflush(stdout);',
    '      fprintf(out, "%s}\\n", line.c_str());',
    '      fflush(out);',
    '    };',
    "    // Each test in a process of its own, so the learner's globals start fresh for every test.",
    '    if (finished != MAP_FAILED) *finished = 0;',
    '    pid_t child = finished == MAP_FAILED ? -1 : fork();',
    '    if (child == 0) {',
    '      runTest();',
    '      *finished = 1;',
    '      _exit(0);',
    '    }',
    '    if (child < 0) {',
    '      runTest();  // no process to spare: this one runs the test',
    '    } else {',
    '      int status = 0;',
    '      while (waitpid(child, &status, 0) < 0 && errno == EINTR) {',
    '      }',
    '      // SIGKILL is a limit of the box (memory, time), which the runner reports itself.',
    '      if (!*finished && !(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)) {',
    '        const char* name = WIFSIGNALED(status) ? sigabbrev_np(WTERMSIG(status)) : nullptr;',
    '        string reason = WIFSIGNALED(status)',
    '            ? "The program crashed (signal " + (name ? "SIG" + string(name) : to_string(WTERMSIG(status))) + ")."',
    '            : "The program exited with code " + to_string(WEXITSTATUS(status)) + " during this test.";',
    '        string line = "{\\"test\\":" + to_string(i) + ",\\"error\\":{\\"type\\":\\"RUNTIME\\",\\"reason\\":";',
    '        to(line, reason);',
    '        fprintf(out, "%s}}\\n", line.c_str());',
    '        fflush(out);',
    '      }',
    '    }',
    '    printf("\\x1e%s:%zu:end\\x1e", nonce.c_str(), i);',
    '    fflush(stdout);',
    '  }',
    '  return 0;',
    '}',
    '',
  );

/** The learner's translation unit of a split build: solution.cpp as written, then `harness::call`. */
const entry = (
  name: string,
  params: ValueType[],
  returns: ValueType,
  nodes: { list: boolean; tree: boolean },
  headers: 'included' | 'given',
) =>
  lines(
    headers === 'included'
      ? '#include <bits/stdc++.h>'
      : '// The standard headers: -include on the command line.',
    'using namespace std;',
    '',
    ...nodeStructs(nodes),
    '',
    '#include "solution.cpp"',
    '',
    'namespace harness {',
    `${callSignature(params, returns)} { return ${name}(${params.map((_, i) => `a${i}`).join(', ')}); }`,
    '}  // namespace harness',
    '',
  );

const HARNESS_OBJECT = 'harness.o';

/** A learner's file that includes the whole library itself: its unit starts with that header's .gch. */
const WHOLE_LIBRARY = /^\s*#\s*include\s*[<"]bits\/stdc\+\+\.h[>"]/m;

export const cpp: LanguageModule = {
  id: 'cpp',
  learnerFile: 'solution.cpp',
  availability: (sandbox) => programsAvailable(sandbox, ['g++']),
  starter(signature) {
    const { params, returns } = typesOf(signature);
    const args = signature.params.map((p, i) => `${cppType(params[i])} ${p.name}`).join(', ');
    const value = placeholder(returns, {
      int: '-1',
      float: '-1.0',
      bool: 'false',
      string: '""',
      array: '{}',
      map: '{}',
      node: 'nullptr',
    });
    const all = [...params, returns];
    const includes = [
      all.some((t) => cppType(t).includes('vector')) && '#include <vector>',
      all.some((t) => cppType(t).includes('string')) && '#include <string>',
      all.some((t) => cppType(t).includes('unordered_map')) && '#include <unordered_map>',
    ].filter(Boolean);
    return (
      `${includes.length > 0 ? `${includes.join('\n')}\n` : ''}using namespace std;\n\n` +
      `${cppType(returns)} ${signature.name}(${args}) {\n  // Write your code here.\n  return ${value};\n}\n`
    );
  },
  versionCommands: () => [['g++', '--version']],
  prebuild(signature, toolchains) {
    const { params, returns } = typesOf(signature);
    return {
      files: [
        {
          path: 'harness.cpp',
          content: harness(signature.name, params, returns, nodesUsed(signature), 'split'),
        },
      ],
      compile: {
        argv: [
          'g++',
          ...CPP_FLAGS,
          ...precompiledHeader(toolchains),
          '-c',
          '-o',
          HARNESS_OBJECT,
          'harness.cpp',
        ],
        outputs: [HARNESS_OBJECT],
      },
    };
  },
  plan(signature, source, toolchains, _memory, prebuilt) {
    const { params, returns } = typesOf(signature);
    const nodes = nodesUsed(signature);
    const object = prebuilt?.find((file) => file.path === HARNESS_OBJECT);
    if (object) {
      const args = [
        ...CPP_FLAGS,
        ...precompiledHeader(toolchains),
        ...linker(toolchains),
        '-o',
        'program',
        'harness.cpp',
        HARNESS_OBJECT,
      ];
      const common = toolchains.cppCommon && !WHOLE_LIBRARY.test(source);
      return {
        files: [
          { path: 'solution.cpp', content: source },
          {
            path: 'harness.cpp',
            content: entry(signature.name, params, returns, nodes, common ? 'given' : 'included'),
          },
          object,
        ],
        compile: {
          // The common headers' .gch first; only a unit that does not compile with them (a compile
          // error, or a name from another header) is compiled again with the whole library, whose
          // messages are the ones shown.
          argv: common
            ? [
                'sh',
                '-c',
                `g++ -include ${CPP_COMMON_HEADER} "$@" 2>/dev/null || exec g++ -include bits/stdc++.h "$@"`,
                'g++',
                ...args,
              ]
            : ['g++', ...args],
          outputs: ['program'],
        },
        run: { argv: ['./program'] },
      };
    }
    return {
      files: [
        { path: 'solution.cpp', content: source },
        { path: 'harness.cpp', content: harness(signature.name, params, returns, nodes, 'whole') },
      ],
      compile: {
        argv: [
          'g++',
          ...CPP_FLAGS,
          ...precompiledHeader(toolchains),
          ...linker(toolchains),
          '-o',
          'program',
          'harness.cpp',
        ],
        outputs: ['program'],
      },
      run: { argv: ['./program'] },
    };
  },
  program(source, toolchains) {
    return {
      files: [{ path: 'main.cpp', content: source }],
      compile: {
        argv: [
          'g++',
          ...CPP_FLAGS,
          ...precompiledHeader(toolchains),
          ...linker(toolchains),
          '-o',
          'program',
          'main.cpp',
        ],
        outputs: ['program'],
      },
      run: { argv: ['./program'] },
    };
  },
};

/** gold when installed: the link of a learner's program takes about 10 ms of CPU instead of 80 with ld.bfd. */
const linker = (toolchains: Toolchains) => (toolchains.cppGold ? ['-fuse-ld=gold'] : []);

const precompiledHeader = (toolchains: Toolchains) =>
  toolchains.cppPrecompiled ? ['-I', toolchains.cppPrecompiled] : [];
