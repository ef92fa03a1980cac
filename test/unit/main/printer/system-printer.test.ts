/**
 * The commands that add Faxdesk's printer to the OS and remove it, as built. Only the Linux ones
 * also run here (against a private CUPS, test/integration/printer); the macOS and Windows ones are
 * checked as commands: these machines have neither.
 */
import { describe, expect, it } from 'vitest';
import {
  classifyFailure,
  cupsAddCommands,
  cupsRemoveCommands,
  displayCommand,
  elevated,
  faxdeskService,
  parseLpstat,
  parseWindowsPrinters,
  powershell,
  windowsAddScript,
  windowsRemoveScript,
} from '../../../../src/main/printer/system-printer';

const decode = (args: string[]) => Buffer.from(args[args.indexOf('-EncodedCommand') + 1]!, 'base64').toString('utf16le');

describe('adding the printer to the operating system', () => {
  it('Linux: lpadmin with the everywhere model for printing and driverless-fax for the fax queue', () => {
    expect(cupsAddCommands('linux', 8631, { driverlessFax: true })).toEqual([
      { file: 'lpadmin', args: ['-p', 'Faxdesk', '-E', '-v', 'ipp://127.0.0.1:8631/ipp/print', '-m', 'everywhere', '-D', 'Faxdesk (printed documents open in Faxdesk)', '-L', 'This computer', '-o', 'printer-is-shared=false'] },
      {
        file: 'lpadmin',
        args: ['-p', 'Faxdesk-Fax', '-E', '-v', 'ipp://127.0.0.1:8631/ipp/faxout', '-m', 'driverless-fax:ipp://127.0.0.1:8631/ipp/faxout', '-D', 'Faxdesk Fax (enter the fax number in the print dialog)', '-L', 'This computer', '-o', 'printer-is-shared=false'],
      },
    ]);
    expect(cupsAddCommands('linux', 9100, { driverlessFax: false })[1]!.args).toContain('everywhere');
  });

  it('macOS: /usr/sbin/lpadmin -m everywhere for both queues, through the password prompt when asked', () => {
    const commands = cupsAddCommands('darwin', 8631, { driverlessFax: false });
    expect(commands.map((c) => [c.file, c.args.slice(0, 7)])).toEqual([
      ['/usr/sbin/lpadmin', ['-p', 'Faxdesk', '-E', '-v', 'ipp://127.0.0.1:8631/ipp/print', '-m', 'everywhere']],
      ['/usr/sbin/lpadmin', ['-p', 'Faxdesk-Fax', '-E', '-v', 'ipp://127.0.0.1:8631/ipp/faxout', '-m', 'everywhere']],
    ]);
    const admin = elevated('darwin', commands);
    expect(admin).toHaveLength(1);
    expect(admin[0]!.file).toBe('/usr/bin/osascript');
    expect(admin[0]!.args[1]).toBe(
      `do shell script "/usr/sbin/lpadmin -p Faxdesk -E -v ipp://127.0.0.1:8631/ipp/print -m everywhere -D 'Faxdesk (printed documents open in Faxdesk)' -L 'This computer' -o printer-is-shared=false && /usr/sbin/lpadmin -p Faxdesk-Fax -E -v ipp://127.0.0.1:8631/ipp/faxout -m everywhere -D 'Faxdesk Fax (enter the fax number in the print dialog)' -L 'This computer' -o printer-is-shared=false" with administrator privileges`,
    );
    expect(displayCommand('darwin', commands[0]!)).toBe("lpadmin -p Faxdesk -E -v ipp://127.0.0.1:8631/ipp/print -m everywhere -D 'Faxdesk (printed documents open in Faxdesk)' -L 'This computer' -o printer-is-shared=false");
  });

  it('Windows: Add-Printer -IppURL (the Microsoft IPP Class Driver), as an encoded PowerShell command, elevated through UAC when asked', () => {
    const command = powershell(windowsAddScript(8631));
    expect(command.file).toBe('powershell.exe');
    expect(command.args.slice(0, 5)).toEqual(['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-EncodedCommand']);
    expect(decode(command.args)).toBe(
      ["$ErrorActionPreference = 'Stop'", "$existing = Get-Printer -Name 'Faxdesk' -ErrorAction SilentlyContinue", 'if ($existing) { Remove-Printer -Name $existing.Name }', "Add-Printer -Name 'Faxdesk' -IppURL 'http://127.0.0.1:8631/ipp/print'"].join('\n'),
    );
    expect(displayCommand('win32', command)).toBe("Add-Printer -Name 'Faxdesk' -IppURL 'http://127.0.0.1:8631/ipp/print'");
    const admin = elevated('win32', [command]);
    const outer = decode(admin[0]!.args);
    expect(outer).toContain("Start-Process -FilePath 'powershell.exe' -Verb RunAs -Wait -PassThru");
    expect(outer).toContain(`'-EncodedCommand','${command.args[5]}'`);
    expect(outer).toContain('exit $p.ExitCode');
  });

  it('removes only Faxdesk queues, and on Windows the port made for them', () => {
    expect(cupsRemoveCommands('linux', [{ name: 'Faxdesk', service: 'print', uri: 'ipp://127.0.0.1:8631/ipp/print', current: true }])).toEqual([{ file: 'lpadmin', args: ['-x', 'Faxdesk'] }]);
    const script = windowsRemoveScript(['Faxdesk']);
    expect(script).toContain("$p = Get-Printer -Name 'Faxdesk' -ErrorAction SilentlyContinue");
    expect(script).toContain('Remove-Printer -Name $p.Name');
    expect(script).toContain('Remove-PrinterPort -Name $port');
    expect(elevated('linux', cupsRemoveCommands('linux', [{ name: 'Faxdesk-Fax', service: 'faxout', uri: '', current: true }]))).toEqual([{ file: 'pkexec', args: ['/usr/sbin/lpadmin', '-x', 'Faxdesk-Fax'] }]);
  });

  it('recognises Faxdesk queues in lpstat and Get-Printer output, also on an earlier port, and nobody else\'s', () => {
    const lpstat = [
      'device for Office_Laser: ipp://192.168.1.20/ipp/print',
      'device for Faxdesk: ipp://127.0.0.1:8631/ipp/print',
      'device for Faxdesk-Fax: ipp://localhost:9000/ipp/faxout',
      'device for Other: ipp://127.0.0.1:631/printers/Other',
    ].join('\n');
    expect(parseLpstat(lpstat, 8631)).toEqual([
      { name: 'Faxdesk', service: 'print', uri: 'ipp://127.0.0.1:8631/ipp/print', current: true },
      { name: 'Faxdesk-Fax', service: 'faxout', uri: 'ipp://localhost:9000/ipp/faxout', current: false },
    ]);
    expect(faxdeskService('ipp://10.0.0.2:8631/ipp/print')).toBeNull();
    expect(parseWindowsPrinters('{"Name":"Faxdesk","PortName":"http://127.0.0.1:8631/ipp/print","DriverName":"Microsoft IPP Class Driver"}', 8631)).toEqual([
      { name: 'Faxdesk', service: 'print', uri: 'http://127.0.0.1:8631/ipp/print', current: true },
    ]);
    expect(parseWindowsPrinters('[{"Name":"Faxdesk","PortName":"WSD-1","DriverName":"HP Universal"}]', 8631)).toEqual([]);
    expect(parseWindowsPrinters('not json', 8631)).toEqual([]);
  });

  it('tells an administrator refusal from other failures, in each OS\'s words', () => {
    expect(classifyFailure({ code: 1, stdout: '', stderr: 'lpadmin: Forbidden' })).toBe('needs-admin');
    expect(classifyFailure({ code: 1, stdout: '', stderr: 'Add-Printer : Access was denied to the specified resource.' })).toBe('needs-admin');
    expect(classifyFailure({ code: 1, stdout: '', stderr: 'execution error: User canceled. (-128)' })).toBe('needs-admin');
    expect(classifyFailure({ code: 127, stdout: '', stderr: '', missing: true })).toBe('missing');
    expect(classifyFailure({ code: 1, stdout: '', stderr: 'lpadmin: Unable to get printer attributes' })).toBe('printer-unreachable');
    expect(classifyFailure({ code: 1, stdout: '', stderr: 'lpadmin: something else' })).toBe('other');
  });
});
