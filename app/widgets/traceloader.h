// Loads a trace off the GUI thread (QtConcurrent) behind a progress dialog that can cancel.
// OTF2 reading itself cannot be interrupted, so a cancel takes effect after the current step;
// its result is then dropped. A newer load supersedes an older one the same way.
#pragma once

#include "document/tracedocument.h"

#include <QObject>
#include <QPointer>
#include <atomic>
#include <memory>

class QProgressDialog;
class QWidget;

namespace collscope::app {

class TraceLoader : public QObject {
  Q_OBJECT
public:
  explicit TraceLoader(QWidget* window);
  ~TraceLoader() override;

  void load(const QString& path);

signals:
  void loaded(const QString& path, std::shared_ptr<TraceDocument> document);
  void failed(const QString& path, const QString& message);

private:
  struct Result {
    std::shared_ptr<TraceDocument> document;
    QString error;
    bool cancelled = false;
  };

  QWidget* m_window;
  QPointer<QProgressDialog> m_dialog;
  std::shared_ptr<std::atomic<bool>> m_cancel;
  int m_generation = 0;
};

} // namespace collscope::app
