// The ask form: Enter asks, Shift+Enter starts a new line (as in chat boxes). Typing with an
// input method (IME) is left alone: its Enter confirms the composed word.
document.addEventListener("DOMContentLoaded", function () {
  var box = document.getElementById("rc-ask-q");
  if (!box) return;
  box.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (!box.value.trim()) return;
    if (box.form.requestSubmit) box.form.requestSubmit(); else box.form.submit();
  });
});
