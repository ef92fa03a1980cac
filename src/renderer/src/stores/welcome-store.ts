/** The first-run screen: main says whether it is due; it closes for good when the person is done. */
import { create } from 'zustand';
import { errorMessage, faxdesk, unwrap } from '../api';

interface WelcomeStoreState {
  /** null until main has answered. */
  show: boolean | null;
  error: string | null;
  load(): Promise<void>;
  finish(): Promise<void>;
}

export const useWelcomeStore = create<WelcomeStoreState>((set) => ({
  show: null,
  error: null,
  load: async () => {
    try {
      set({ show: (await unwrap(faxdesk.welcome.get())).show });
    } catch (error) {
      set({ show: false, error: errorMessage(error) });
    }
  },
  finish: async () => {
    set({ show: false });
    try {
      await unwrap(faxdesk.welcome.finish());
    } catch (error) {
      set({ error: errorMessage(error) });
    }
  },
}));
