import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

describe('process boundaries enforced by lint', () => {
  it('the renderer cannot import Node, Electron or main-process code', async () => {
    const file = 'src/renderer/src/pages/Probe.tsx';
    expect(await restrictedImports(file, "import fs from 'node:fs';\nexport const x = fs;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import fs from 'fs';\nexport const x = fs;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { createCore } from '../../../main/core';\nexport const x = createCore;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { PAGE_IDS } from '../../../shared/domain/navigation';\nexport const x = PAGE_IDS;\n")).toHaveLength(0);
  });

  it('src/shared stays pure', async () => {
    const file = 'src/shared/domain/probe.ts';
    expect(await restrictedImports(file, "import path from 'node:path';\nexport const x = path;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "export const x = () => window.location;\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { z } from 'zod';\nexport const x = z;\n")).toHaveLength(0);
  });

  it('only the Electron entry and adapters import electron', async () => {
    expect(await restrictedImports('src/main/sync/probe.ts', "import { app } from 'electron';\nexport const x = app;\n")).toHaveLength(1);
    expect(await restrictedImports('src/main/electron/probe.ts', "import { app } from 'electron';\nexport const x = app;\n")).toHaveLength(0);
  });

  it('the emulator and src/pdf-text stay out of main; both may use src/pdf-text', async () => {
    expect(await restrictedImports('src/emulator/images/probe.ts', "import { createCore } from '../../main/core';\nexport const x = createCore;\n")).toHaveLength(1);
    expect(await restrictedImports('src/emulator/images/probe.ts', "import { PdfText } from '../../pdf-text';\nexport const x = PdfText;\n")).toHaveLength(0);
    expect(await restrictedImports('src/pdf-text/probe.ts', "import { startEmulator } from '../emulator';\nexport const x = startEmulator;\n")).toHaveLength(1);
    expect(await restrictedImports('src/pdf-text/probe.ts', "import { AppError } from '../main/errors';\nexport const x = AppError;\n")).toHaveLength(1);
    expect(await restrictedImports('src/main/outbox/probe.ts', "import { PdfText } from '../../pdf-text';\nexport const x = PdfText;\n")).toHaveLength(0);
  });
});
