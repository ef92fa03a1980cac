/** Shared by the desk tests: a computer with this name and OS user. */
export const host = (computerName: string, osUser: string) => ({ computerName: () => computerName, osUser: () => osUser });
