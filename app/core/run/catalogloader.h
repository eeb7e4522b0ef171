// Asks `collscope-run --list --json` for the algorithm catalog without blocking: the child
// runs while the event loop goes on, and `loaded` arrives when it has answered (or failed).
// The window starts this at launch, so opening a trace never waits for the driver.
#pragma once

#include "run/algorithmcatalog.h"

#include <QObject>
#include <QProcess>

namespace collscope::app {

class CatalogLoader : public QObject {
  Q_OBJECT
public:
  explicit CatalogLoader(QObject* parent = nullptr);
  ~CatalogLoader() override;

  /// Starts `program arguments` (default: --list --json); returns at once.
  void start(const QString& program,
             const QStringList& arguments = {QStringLiteral("--list"), QStringLiteral("--json")});
  bool isLoading() const { return m_process.state() != QProcess::NotRunning; }
  /// Blocks until the answer is in (at most `ms`), for callers that cannot go on without it.
  void waitForLoaded(int ms);

signals:
  /// The catalog, or nullopt with `error` saying why not.
  void loaded(const std::optional<AlgorithmCatalog>& catalog, const QString& error);

private:
  void done(int exitCode, QProcess::ExitStatus status);

  QProcess m_process;
  bool m_reported = false;
};

} // namespace collscope::app
