/*
 * The C# compile server (compile-servers.ts): mcs's compiler, loaded once in a long-lived Mono, called
 * per request through `Mono.CSharp.CompilerCallableEntryPoint.InvokeCompiler` (which resets the
 * compiler's state for each call). The server is a small C# program compiled by mcs in the server's own
 * box when it starts, against mcs.exe. Protocol: the JVM server's (jvm-compile-server.ts). What the
 * compiler writes to Console.Out during a request is that request's stdout; its error writer, stderr.
 */
import { existsSync } from 'node:fs';
import type { CompileServerSpec } from './compile-servers';
import { heapMb } from './language';

/** Where Debian's mono-mcs puts the compiler's assembly (the box binds /usr as it is). */
const MCS_ASSEMBLY_DIR = '/usr/lib/mono/4.5';
const SERVER_FILE = 'CompileServer.cs';

const SERVER_SOURCE = `using System;
using System.IO;
using System.Text;

public static class CompileServer {
  static void Str(StringBuilder b, string s) {
    b.Append('"');
    foreach (char c in s) {
      if (c == '"' || c == '\\\\') b.Append('\\\\').Append(c);
      else if (c < 0x20 || char.IsSurrogate(c)) b.Append("\\\\u").Append(((int) c).ToString("x4"));
      else b.Append(c);
    }
    b.Append('"');
  }

  public static void Main(string[] argv) {
    int maxMessage = int.Parse(argv[0]);
    var utf8 = new UTF8Encoding(false);
    var protocol = new StreamWriter(Console.OpenStandardOutput(), utf8);
    var stdin = new StreamReader(Console.OpenStandardInput(), utf8);
    var quiet = Console.Error;
    Console.SetOut(quiet);
    protocol.Write("{\\"ready\\":true}\\n");
    protocol.Flush();
    string line;
    while ((line = stdin.ReadLine()) != null) {
      string[] parts = line.Split('\\t');
      var answer = new StringBuilder("{\\"id\\":");
      Str(answer, parts[0]);
      try {
        var args = new string[parts.Length - 1];
        Array.Copy(parts, 1, args, 0, args.Length);
        var output = new StringWriter();
        var errors = new StringWriter();
        Console.SetOut(output);
        bool ok;
        try {
          ok = Mono.CSharp.CompilerCallableEntryPoint.InvokeCompiler(args, errors);
        } finally {
          Console.SetOut(quiet);
        }
        string stdout = output.ToString();
        string stderr = errors.ToString();
        bool truncated = stdout.Length + stderr.Length > maxMessage;
        if (truncated) {
          stdout = stdout.Substring(0, Math.Min(stdout.Length, maxMessage));
          stderr = stderr.Substring(0, Math.Min(stderr.Length, maxMessage - stdout.Length));
        }
        answer.Append(",\\"exit\\":").Append(ok ? 0 : 1).Append(",\\"stdout\\":");
        Str(answer, stdout);
        answer.Append(",\\"stderr\\":");
        Str(answer, stderr);
        answer.Append(",\\"truncated\\":").Append(truncated ? "true" : "false");
      } catch (Exception e) {
        answer.Append(",\\"error\\":");
        Str(answer, e.GetType().Name + ": " + e.Message);
      }
      protocol.Write(answer.Append("}\\n").ToString());
      protocol.Flush();
    }
  }
}
`;

export const csharpCompileServer: CompileServerSpec = {
  program(_toolchains, memoryMb, maxMessageBytes) {
    if (!existsSync(`${MCS_ASSEMBLY_DIR}/mcs.exe`)) return undefined;
    const gc = `MONO_GC_PARAMS=max-heap-size=${heapMb(memoryMb)}m`;
    return {
      argv: [
        'sh',
        '-c',
        `${gc} mcs -nologo -r:"$1/mcs.exe" -out:server.exe ${SERVER_FILE} >&2 && ` +
          `MONO_PATH="$1" ${gc} exec mono server.exe "$0"`,
        String(maxMessageBytes),
        MCS_ASSEMBLY_DIR,
      ],
      files: [{ path: SERVER_FILE, content: SERVER_SOURCE }],
    };
  },
  /**
   * The plan's mcs arguments with its files and output under `dir`; `-pathmap` records the sources in
   * the debug symbols where the run box's compile would (the work dir), so stack traces name them alike.
   */
  request(plan, dir) {
    const files = new Set(plan.files.map((f) => f.path));
    const args = plan
      .compile!.argv.slice(1)
      .map((arg) =>
        files.has(arg) ? `${dir}/${arg}` : arg.startsWith('-out:') ? `-out:${dir}/${arg.slice(5)}` : arg,
      );
    return [`-pathmap:/box/${dir}=/box`, ...args];
  },
};
