#include "run/catalogloader.h"

namespace collscope::app {

CatalogLoader::CatalogLoader(QObject* parent) : QObject(parent) {
  connect(&m_process, &QProcess::finished, this, &CatalogLoader::done);
  connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart || m_reported) return;
    m_reported = true;
    emit loaded(std::nullopt, QStringLiteral("cannot start %1").arg(m_process.program()));
  });
}

CatalogLoader::~CatalogLoader() {
  if (!isLoading()) return;
  m_process.kill();
  m_process.waitForFinished(1000);
}

void CatalogLoader::start(const QString& program, const QStringList& arguments) {
  m_reported = false;
  m_process.start(program, arguments);
}

void CatalogLoader::waitForLoaded(int ms) {
  if (isLoading() && !m_process.waitForFinished(ms)) {
    m_process.kill();
    m_process.waitForFinished(1000);
  }
}

void CatalogLoader::done(int exitCode, QProcess::ExitStatus status) {
  if (m_reported) return;
  m_reported = true;
  if (status != QProcess::NormalExit || exitCode != 0) {
    emit loaded(std::nullopt, QStringLiteral("%1 --list --json failed").arg(m_process.program()));
    return;
  }
  QString error;
  std::optional<AlgorithmCatalog> catalog =
      AlgorithmCatalog::fromJson(m_process.readAllStandardOutput(), &error);
  emit loaded(catalog, error);
}

} // namespace collscope::app
