// Leaving or reloading the page, behind one object so tests can observe it (jsdom's location cannot be spied on).
export const page = {
  reload(): void {
    window.location.reload();
  },
};
