/*
 * The JVM compile server (compile-servers.ts), written into the server's work dir when it starts: one Java
 * program for javac and the Kotlin compiler, run by the JVM's source launcher (nothing to build first).
 * The TypeScript server is its Node twin (javascript.ts).
 *
 * Protocol, the same for all three: the server writes `{"ready":true}` once loaded, then reads one request
 * per stdin line, `<id>\t<arg>\t<arg>...` (the compiler's arguments, paths relative to its cwd, /box), and
 * answers one JSON line per request, in order:
 *   {"id":"<id>","exit":<code>,"stdout":"...","stderr":"...","truncated":<bool>}   the compiler ran
 *   {"id":"<id>","error":"..."}                                                     the server failed
 * The compiler's own prints never reach stdout (System.out and console.log go to stderr). Messages are cut
 * at the limit given on the command line (`truncated`). The host reads outputs from the request's
 * directory itself, without following anything.
 */
export const JAVA_SERVER_FILE = 'CompileServer.java';

export const JAVA_SERVER_SOURCE = `import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public final class CompileServer {
  interface Compiler {
    int compile(String[] args, PrintStream out, PrintStream err) throws Exception;
  }

  /** javac as its command line runs it: a fresh context and file manager per call. */
  static Compiler javac() {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    return (args, out, err) -> javac.run(null, out, err, args);
  }

  /** K2JVMCompiler.exec, as its main does, with the compiler's application environment kept alive. */
  static Compiler kotlin() throws Exception {
    System.setProperty("kotlin.environment.keepalive", "true");
    System.setProperty("java.awt.headless", "true");
    Class<?> type = Class.forName("org.jetbrains.kotlin.cli.jvm.K2JVMCompiler");
    Method exec = type.getMethod("exec", PrintStream.class, String[].class);
    return (args, out, err) -> {
      Object compiler = type.getDeclaredConstructor().newInstance();
      Object code;
      try {
        code = exec.invoke(compiler, err, (Object) args);
      } catch (InvocationTargetException e) {
        throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
      }
      return (Integer) code.getClass().getMethod("getCode").invoke(code);
    };
  }

  static void str(StringBuilder b, String s) {
    b.append('"');
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '"' || c == '\\\\') b.append('\\\\').append(c);
      else if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) b.append(String.format("\\\\u%04x", (int) c));
      else b.append(c);
    }
    b.append('"');
  }

  public static void main(String[] argv) throws Exception {
    String mode = argv[0];
    int maxMessage = Integer.parseInt(argv[1]);
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
    System.setOut(System.err);
    Compiler compiler = mode.equals("kotlin") ? kotlin() : javac();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    protocol.print("{\\"ready\\":true}\\n");
    protocol.flush();
    String line;
    while ((line = in.readLine()) != null) {
      String[] parts = line.split("\\t", -1);
      String id = parts[0];
      String[] args = Arrays.copyOfRange(parts, 1, parts.length);
      StringBuilder answer = new StringBuilder("{\\"id\\":");
      str(answer, id);
      try {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream outStream = new PrintStream(out, true, "UTF-8");
        PrintStream errStream = new PrintStream(err, true, "UTF-8");
        int exit = compiler.compile(args, outStream, errStream);
        outStream.flush();
        errStream.flush();
        String stdout = out.toString("UTF-8");
        String stderr = err.toString("UTF-8");
        boolean truncated = stdout.length() + stderr.length() > maxMessage;
        if (truncated) {
          stdout = stdout.substring(0, Math.min(stdout.length(), maxMessage));
          stderr = stderr.substring(0, Math.min(stderr.length(), maxMessage - stdout.length()));
        }
        answer.append(",\\"exit\\":").append(exit).append(",\\"stdout\\":");
        str(answer, stdout);
        answer.append(",\\"stderr\\":");
        str(answer, stderr);
        answer.append(",\\"truncated\\":").append(truncated);
      } catch (Throwable t) {
        answer.append(",\\"error\\":");
        str(answer, String.valueOf(t));
      }
      protocol.print(answer.append("}\\n"));
      protocol.flush();
    }
  }
}
`;

/**
 * A compile's arguments as a server runs them: the request's files are under `dir` (relative to the
 * server's cwd, as the box's are relative to its own), so the plan's file paths and the output directory
 * after `-d` get that prefix. A compile without a class path gets `dir` as one: javac's default is the cwd
 * (the box's work dir), which is the request's directory here, never the server's whole work dir.
 */
export function serverArguments(
  compilerArgs: string[],
  planFiles: string[],
  dir: string,
  classPathFlags: string[],
): string[] {
  const files = new Set(planFiles);
  const args = compilerArgs.map((arg, i) =>
    compilerArgs[i - 1] === '-d' || files.has(arg) ? `${dir}/${arg}` : arg,
  );
  if (!args.some((arg) => classPathFlags.includes(arg))) args.unshift(classPathFlags[0], dir);
  return args;
}
