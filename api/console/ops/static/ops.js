// Live import progress: follows the import's event stream and updates the figures; without this file the page reloads itself.
(function () {
  var block = document.getElementById('import-progress');
  if (!block || block.getAttribute('data-finished') === 'yes' || !window.EventSource) return;
  var id = block.getAttribute('data-job');
  var source = new EventSource('/console/ops/imports/' + encodeURIComponent(id) + '/events');
  function text(elementId, value) {
    var el = document.getElementById(elementId);
    if (el) el.textContent = value;
  }
  function mb(bytes) {
    return bytes >= 1048576 ? (bytes / 1048576).toFixed(1) + ' MB' : Math.ceil(bytes / 1024) + ' kB';
  }
  source.addEventListener('job', function (event) {
    var job = JSON.parse(event.data);
    var p = job.progress;
    text('import-state', job.stateText);
    document.getElementById('import-state').className = 'state state-' + job.state;
    if (p) {
      var bar = document.getElementById('import-bar');
      bar.value = p.percent;
      bar.textContent = p.percent + '%';
      text('fig-phase', p.phase);
      text('fig-percent', p.percent + '% (' + mb(p.bytesRead) + ' of ' + mb(p.bytesTotal) + ')');
      text('fig-lines', String(p.linesRead));
      text('fig-written', String(p.listingsWritten));
    }
    var list = document.getElementById('import-messages');
    list.textContent = '';
    job.messages.forEach(function (m) {
      var li = document.createElement('li');
      li.textContent = m.text;
      if (m.href) {
        var report = document.createElement('a');
        report.href = m.href;
        report.textContent = 'Open its report';
        li.appendChild(document.createTextNode(' '));
        li.appendChild(report);
      }
      list.appendChild(li);
    });
    if (job.outcomeText) text('fig-outcome', job.outcomeText);
    var next = document.getElementById('import-next');
    if (job.runId) {
      next.textContent = '';
      if (job.held) {
        var review = document.createElement('a');
        review.className = 'button';
        review.href = '/console/ops/held#candidate-' + encodeURIComponent(job.runId);
        review.textContent = 'Review the held candidate';
        next.appendChild(review);
        next.appendChild(document.createTextNode(' '));
      }
      var a = document.createElement('a');
      a.className = 'button plain';
      a.href = '/console/ops/runs/' + encodeURIComponent(job.runId);
      a.textContent = 'Open the run and its report';
      next.appendChild(a);
    }
    if (job.finished) {
      block.setAttribute('data-finished', 'yes');
      source.close();
    }
  });
  source.onerror = function () {
    // The stream ended or broke: one reload shows the state from the server.
    source.close();
    if (block.getAttribute('data-finished') !== 'yes') setTimeout(function () { location.reload(); }, 2000);
  };
})();
