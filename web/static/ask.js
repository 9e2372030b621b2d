// The ask form: Enter asks, Shift+Enter starts a new line (as in chat boxes). Typing with an
// input method (IME) is left alone: its Enter confirms the composed word.
document.addEventListener("DOMContentLoaded", function () {
  var box = document.getElementById("rc-ask-q");
  if (!box) return;
  // a long question (a forum post) shows whole, so it can be read beside its "Read as" line
  function fit() {
    box.style.height = "auto";
    box.style.height = Math.min(box.scrollHeight + 2, window.innerHeight * 0.6) + "px";
  }
  box.addEventListener("input", fit);
  fit();
  box.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    if (!box.value.trim()) return;
    if (box.form.requestSubmit) box.form.requestSubmit(); else box.form.submit();
  });
});
