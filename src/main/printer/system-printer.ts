/**
 * Adding Faxdesk's printer to the operating system, and removing it, each OS's own driverless way:
 * - Linux and macOS (CUPS): `lpadmin -p Faxdesk -E -v ipp://127.0.0.1:PORT/ipp/print -m everywhere`
 *   (CUPS reads the printer's attributes and makes the queue itself), plus a fax queue
 *   "Faxdesk-Fax" on the FaxOut URI: on Linux with cups-filters' `driverless-fax` model, whose
 *   queue has a "Phone Number" option print dialogs show; elsewhere `-m everywhere`, which takes
 *   `lp -o phone=NUMBER`.
 * - Windows: the Microsoft IPP Class Driver, bound to the print URI by PowerShell's
 *   `Add-Printer -IppURL` (Windows creates the port itself); no driver is installed, so it works
 *   under Windows 11's protected print mode.
 * Every command is built here as a program and its arguments (never a shell line), so it can be
 * unit-tested as built and shown to the person to run as an administrator.
 *
 * Only queues that are Faxdesk's are ever changed or removed: a queue whose device URI is an
 * /ipp/print or /ipp/faxout address on this computer (any port: an earlier one after the port
 * changed), or on Windows a printer of that name on the IPP class driver.
 */
import { HOST } from './ipp-printer';
import { SERVICE_PATH, type PrinterService } from './printer-description';

export type SystemPlatform = 'linux' | 'darwin' | 'win32';

export interface SystemCommand {
  file: string;
  args: string[];
}

export interface CommandResult {
  /** null when the program could not be started (`missing`) or was stopped by the timeout. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** The program is not installed. */
  missing?: boolean;
}

/** Runs a program without a shell. The app passes child_process; tests pass a recorder or a private CUPS. */
export type CommandRunner = (command: SystemCommand) => Promise<CommandResult>;

export const QUEUE_NAMES: Record<SystemPlatform, Record<PrinterService, string>> = {
  linux: { print: 'Faxdesk', faxout: 'Faxdesk-Fax' },
  darwin: { print: 'Faxdesk', faxout: 'Faxdesk-Fax' },
  win32: { print: 'Faxdesk', faxout: 'Faxdesk Fax' },
};

/** Which services get a queue: Windows' IPP class driver cannot pass a fax number, so it gets the print queue only. */
export function servicesFor(platform: SystemPlatform): PrinterService[] {
  return platform === 'win32' ? ['print'] : ['print', 'faxout'];
}

export const LPADMIN: Record<'linux' | 'darwin', string> = { linux: 'lpadmin', darwin: '/usr/sbin/lpadmin' };
const LPSTAT: Record<'linux' | 'darwin', string> = { linux: 'lpstat', darwin: '/usr/bin/lpstat' };
const POWERSHELL = 'powershell.exe';
export const IPP_CLASS_DRIVER = 'Microsoft IPP Class Driver';

export interface SystemQueue {
  name: string;
  service: PrinterService;
  /** Where the queue sends jobs (CUPS device URI; Windows port name). */
  uri: string;
  /** It points at this Faxdesk's current port. */
  current: boolean;
}

export function ippUri(port: number, service: PrinterService): string {
  return `ipp://${HOST}:${port}${SERVICE_PATH[service]}`;
}

/** Windows' Internet Printing Client speaks IPP over plain http:// URLs. */
export function windowsIppUrl(port: number, service: PrinterService): string {
  return `http://${HOST}:${port}${SERVICE_PATH[service]}`;
}

// -- CUPS (Linux, macOS) --------------------------------------------------------------------------

export function cupsAddCommands(platform: 'linux' | 'darwin', port: number, options: { driverlessFax: boolean }): SystemCommand[] {
  return servicesFor(platform).map((service) => {
    const uri = ippUri(port, service);
    const model = service === 'faxout' && options.driverlessFax ? `driverless-fax:${uri}` : 'everywhere';
    return {
      file: LPADMIN[platform],
      args: [
        '-p',
        QUEUE_NAMES[platform][service],
        '-E',
        '-v',
        uri,
        '-m',
        model,
        '-D',
        service === 'faxout' ? 'Faxdesk Fax (enter the fax number in the print dialog)' : 'Faxdesk (printed documents open in Faxdesk)',
        '-L',
        'This computer',
        '-o',
        'printer-is-shared=false',
      ],
    };
  });
}

export function cupsRemoveCommands(platform: 'linux' | 'darwin', queues: readonly SystemQueue[]): SystemCommand[] {
  return queues.map((q) => ({ file: LPADMIN[platform], args: ['-x', q.name] }));
}

export function cupsListCommand(platform: 'linux' | 'darwin'): SystemCommand {
  return { file: LPSTAT[platform], args: ['-v'] };
}

/** Whether a device URI is one of Faxdesk's (this computer, /ipp/print or /ipp/faxout, any port). */
export function faxdeskService(uri: string): PrinterService | null {
  const match = /^(?:ipp|http):\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+(\/ipp\/(?:print|faxout))\/?$/i.exec(uri.trim());
  if (!match) return null;
  return match[1]!.toLowerCase() === SERVICE_PATH.faxout ? 'faxout' : 'print';
}

/** Faxdesk's queues in `lpstat -v` output ("device for NAME: URI"). */
export function parseLpstat(output: string, port: number): SystemQueue[] {
  const queues: SystemQueue[] = [];
  for (const line of output.split('\n')) {
    const match = /^device for ([^:]+):\s*(\S+)\s*$/.exec(line.trim());
    if (!match) continue;
    const service = faxdeskService(match[2]!);
    if (!service) continue;
    queues.push({ name: match[1]!, service, uri: match[2]!, current: match[2]!.replace(/\/$/, '') === ippUri(port, service) });
  }
  return queues;
}

// -- Windows ----------------------------------------------------------------------------------------

/** A PowerShell script as -EncodedCommand (UTF-16LE base64): no quoting of the script can go wrong. */
export function powershell(script: string): SystemCommand {
  return { file: POWERSHELL, args: ['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand', Buffer.from(script, 'utf16le').toString('base64')] };
}

const psString = (value: string) => `'${value.replace(/'/g, "''")}'`;

export function windowsAddScript(port: number): string {
  const name = QUEUE_NAMES.win32.print;
  return [
    "$ErrorActionPreference = 'Stop'",
    `$existing = Get-Printer -Name ${psString(name)} -ErrorAction SilentlyContinue`,
    'if ($existing) { Remove-Printer -Name $existing.Name }',
    // Add-Printer -IppURL binds the in-box Microsoft IPP Class Driver and creates the port.
    `Add-Printer -Name ${psString(name)} -IppURL ${psString(windowsIppUrl(port, 'print'))}`,
  ].join('\n');
}

export function windowsRemoveScript(names: readonly string[]): string {
  return [
    "$ErrorActionPreference = 'Stop'",
    ...names.flatMap((name) => [
      `$p = Get-Printer -Name ${psString(name)} -ErrorAction SilentlyContinue`,
      'if ($p) {',
      '  $port = $p.PortName',
      '  Remove-Printer -Name $p.Name',
      // The port Windows made for it goes too, unless another printer uses it.
      '  if ($port -and -not (Get-Printer | Where-Object { $_.PortName -eq $port })) { Remove-PrinterPort -Name $port -ErrorAction SilentlyContinue }',
      '}',
    ]),
  ].join('\n');
}

export function windowsListScript(): string {
  return "Get-Printer | Where-Object { $_.Name -like 'Faxdesk*' } | Select-Object Name, PortName, DriverName | ConvertTo-Json -Compress";
}

export function parseWindowsPrinters(json: string, port: number): SystemQueue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.trim() || '[]');
  } catch {
    return [];
  }
  const list = (Array.isArray(parsed) ? parsed : [parsed]) as { Name?: unknown; PortName?: unknown; DriverName?: unknown }[];
  const queues: SystemQueue[] = [];
  for (const p of list) {
    if (typeof p?.Name !== 'string') continue;
    const portName = typeof p.PortName === 'string' ? p.PortName : '';
    const service = faxdeskService(portName) ?? (p.Name === QUEUE_NAMES.win32.print && p.DriverName === IPP_CLASS_DRIVER ? 'print' : null);
    if (!service) continue;
    queues.push({ name: p.Name, service, uri: portName, current: portName === '' || portName.replace(/\/$/, '') === windowsIppUrl(port, service) || portName.includes(`:${port}/`) });
  }
  return queues;
}

// -- running as an administrator ------------------------------------------------------------------

/**
 * The same commands, run through the OS's own administrator prompt: UAC on Windows (Start-Process
 * -Verb RunAs), the macOS password dialog (osascript "with administrator privileges"), polkit on
 * Linux (pkexec). The person sees the OS's prompt; Faxdesk never sees a password.
 */
export function elevated(platform: SystemPlatform, commands: readonly SystemCommand[]): SystemCommand[] {
  if (platform === 'win32') {
    return commands.map((c) => {
      const encoded = c.args[c.args.indexOf('-EncodedCommand') + 1]!;
      return powershell(
        `$p = Start-Process -FilePath 'powershell.exe' -Verb RunAs -Wait -PassThru -WindowStyle Hidden -ArgumentList '-NoProfile','-NonInteractive','-ExecutionPolicy','Bypass','-EncodedCommand','${encoded}'\nexit $p.ExitCode`,
      );
    });
  }
  if (platform === 'darwin') {
    const script = commands.map((c) => [c.file, ...c.args].map(shellQuote).join(' ')).join(' && ');
    return [{ file: '/usr/bin/osascript', args: ['-e', `do shell script ${appleScriptString(script)} with administrator privileges`] }];
  }
  return commands.map((c) => ({ file: 'pkexec', args: [c.file === 'lpadmin' ? '/usr/sbin/lpadmin' : c.file, ...c.args] }));
}

/** POSIX shell quoting (for the macOS administrator prompt, which runs one shell line). */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function appleScriptString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A command as one line a person can paste into a terminal (shown in Settings and the README). */
export function displayCommand(platform: SystemPlatform, command: SystemCommand): string {
  if (platform === 'win32' && command.args.includes('-EncodedCommand')) {
    const script = Buffer.from(command.args[command.args.indexOf('-EncodedCommand') + 1]!, 'base64').toString('utf16le');
    return script.split('\n').filter((l) => l.startsWith('Add-Printer') || l.startsWith('Remove-Printer') || l.startsWith('  Remove-Printer')).join('; ').trim() || script;
  }
  return [command.file.replace(/^\/usr\/s?bin\//, ''), ...command.args].map(shellQuote).join(' ');
}

// -- what went wrong ------------------------------------------------------------------------------

export type CommandFailure = 'needs-admin' | 'missing' | 'printer-unreachable' | 'other';

export function classifyFailure(result: CommandResult): CommandFailure {
  if (result.missing) return 'missing';
  const text = `${result.stderr}\n${result.stdout}`;
  if (/forbidden|unauthori[sz]ed|not authori[sz]ed|permission denied|access (?:is |was )?denied|0x80070005|requires elevation|administrator|not allowed|dismissed|cancel+ed by user|user canceled|-128\b|error 126|authentication/i.test(text)) {
    return 'needs-admin';
  }
  if (/unable to (get printer attributes|connect)|connection refused|could not connect|not responding|failed to connect/i.test(text)) return 'printer-unreachable';
  return 'other';
}
