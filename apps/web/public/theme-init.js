// Runs before first paint so the saved theme never flashes. Keep in step with src/app/theme-provider.tsx.
(function () {
  var theme = 'light';
  try {
    if (localStorage.getItem('vite-ui-theme') === 'dark') theme = 'dark';
  } catch (e) {}
  document.documentElement.classList.add(theme);
  document.documentElement.style.colorScheme = theme;
})();
