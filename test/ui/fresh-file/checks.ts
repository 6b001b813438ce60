// What every component test file may take for granted though files share a worker (see
// test/setup/fresh-file.ts): it finds nothing another file loaded, set or stored, and leaves behind
// what a careless file would. Three files run these checks, so files that share a worker check each
// other, whatever the order.
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { countCall } from './loads.ts';

const MARK = '__freshFileMark';

export function checkStartsFresh(file: string, options: { indexedDB: boolean }): void {
  describe(`a component test file (${file}) starts fresh`, () => {
    it('with modules of its own', () => {
      expect(countCall()).toBe(1);
    });

    it('with no global another file added or replaced', () => {
      expect(MARK in globalThis).toBe(false);
      expect(navigator.userAgent).not.toBe('stubbed by another file');
      Object.assign(globalThis, { [MARK]: file });
      vi.stubGlobal('navigator', { userAgent: 'stubbed by another file' });
    });

    it(options.indexedDB ? 'with empty databases of its own' : 'without IndexedDB unless it imports it', async () => {
      if (!options.indexedDB) {
        expect(typeof indexedDB).toBe('undefined');
        return;
      }
      expect(await indexedDB.databases()).toEqual([]);
      await new Promise((resolve, reject) => {
        const request = indexedDB.open('left-behind', 1);
        request.onsuccess = resolve;
        request.onerror = reject;
      });
      expect(await indexedDB.databases()).toHaveLength(1);
    });

    it('with an empty document, storages and its first address', () => {
      expect(document.body.innerHTML).toBe('');
      expect(document.head.innerHTML).toBe('');
      expect(document.documentElement.getAttributeNames()).toEqual([]);
      expect(document.title).toBe('');
      expect(localStorage.length).toBe(0);
      expect(sessionStorage.length).toBe(0);
      expect(location.hash).toBe('');
      // Left behind, as a file that forgets to clean up would.
      render(createElement('p', null, file));
      document.documentElement.className = 'dark';
      document.head.append(document.createElement('style'));
      document.title = file;
      localStorage.setItem('left', file);
      sessionStorage.setItem('left', file);
      history.replaceState(null, '', `#${file}`);
      expect(screen.getByText(file).tagName).toBe('P');
    });
  });
}
