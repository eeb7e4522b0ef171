#include "traceloader.h"

#include "collscope/model/load_trace.hpp"

#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QtConcurrent/QtConcurrentRun>
#include <memory>

namespace collscope::app {

TraceLoader::TraceLoader(QWidget* window) : QObject(window), m_window(window) {}

TraceLoader::~TraceLoader() {
  if (m_cancel) m_cancel->store(true);
}

void TraceLoader::load(const QString& path) {
  if (m_cancel) m_cancel->store(true);
  if (m_dialog) m_dialog->deleteLater();
  const int generation = ++m_generation;
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  m_cancel = cancel;

  auto* dialog = new QProgressDialog(tr("Opening %1…").arg(QFileInfo(path).fileName()),
                                     tr("Cancel"), 0, 100, m_window);
  dialog->setWindowTitle(tr("Opening trace"));
  dialog->setWindowModality(Qt::WindowModal);
  dialog->setMinimumDuration(300);
  dialog->setAutoClose(false);
  dialog->setAutoReset(false);
  m_dialog = dialog;
  connect(dialog, &QProgressDialog::canceled, this, [cancel, dialog] {
    cancel->store(true);
    dialog->setLabelText(tr("Cancelling after the current step…"));
  });

  QPointer<QProgressDialog> guard(dialog);
  // Set on the GUI thread when the load is over: progress still queued then is stale.
  auto over = std::make_shared<bool>(false);
  LoadControl control;
  control.cancelled = cancel.get();
  control.progress = [guard, over](int percent, const QString& step) {
    QMetaObject::invokeMethod(
        guard.data(),
        [guard, over, percent, step] {
          if (!guard || *over) return;
          guard->setValue(percent);
          guard->setLabelText(step);
        },
        Qt::QueuedConnection);
  };

  auto* watcher = new QFutureWatcher<Result>(this);
  connect(watcher, &QFutureWatcher<Result>::finished, this, [=, this] {
    const Result result = watcher->result();
    watcher->deleteLater();
    // Hidden now, with its minimum-duration timer stopped (reset) and no queued progress left
    // to show it again: an error box opened next runs its own event loop, in which a dialog
    // merely scheduled for deletion would pop up and cover the error with a stale "Reading …
    // 0 %". (Not deleted here: this may run inside the dialog's own setValue.)
    *over = true;
    if (guard) {
      guard->reset();
      guard->hide();
      guard->deleteLater();
    }
    if (generation != m_generation || result.cancelled) return;
    if (result.document)
      emit loaded(path, result.document);
    else
      emit failed(path, result.error);
  });
  // `cancel` is captured by value so the flag outlives this loader if the window closes.
  watcher->setFuture(QtConcurrent::run([path, control, cancel]() -> Result {
    Result result;
    try {
      result.document = TraceDocument::load(path, control);
    } catch (const LoadCancelled&) {
      result.cancelled = true;
    } catch (const model::TraceError& e) {
      result.error = QString::fromStdString(e.what());
    } catch (const std::exception& e) {
      result.error = QStringLiteral("cannot open %1: %2").arg(path, QString::fromUtf8(e.what()));
    }
    return result;
  }));
}

} // namespace collscope::app
