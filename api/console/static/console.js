// Progressive enhancement only: shows the Copy button of a secret and copies it; every page works without this file.
document.querySelectorAll('button[data-copy]').forEach(function (button) {
  var field = document.getElementById(button.getAttribute('data-copy'));
  if (!field || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    navigator.clipboard.writeText(field.value).then(function () {
      var note = document.querySelector('[data-copied-for="' + field.id + '"]');
      if (note) note.hidden = false;
      button.textContent = 'Copied';
    }, function () {
      field.select();
    });
  });
});
