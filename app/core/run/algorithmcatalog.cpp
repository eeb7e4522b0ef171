#include "run/algorithmcatalog.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace collscope::app {

std::optional<AlgorithmCatalog> AlgorithmCatalog::fromJson(const QByteArray& json, QString* error) {
  QJsonParseError parseError;
  const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
  if (!doc.isArray()) {
    if (error)
      *error = parseError.error != QJsonParseError::NoError
                   ? QStringLiteral("algorithm list is not JSON: %1").arg(parseError.errorString())
                   : QStringLiteral("algorithm list is not a JSON array");
    return std::nullopt;
  }
  AlgorithmCatalog catalog;
  const QJsonArray entries = doc.array();
  for (qsizetype i = 0; i < entries.size(); ++i) {
    const QJsonObject o = entries.at(i).toObject();
    AlgorithmEntry e;
    e.collective = o.value(QStringLiteral("collective")).toString();
    e.name = o.value(QStringLiteral("name")).toString();
    if (e.collective.isEmpty() || e.name.isEmpty()) continue;
    e.description = o.value(QStringLiteral("description")).toString();
    e.source = o.value(QStringLiteral("source")).toString();
    e.rounds = o.value(QStringLiteral("rounds")).toString();
    e.cost = o.value(QStringLiteral("cost")).toString();
    e.native = o.value(QStringLiteral("native")).toBool();
    e.usesBlocks = o.value(QStringLiteral("uses_blocks")).toBool();
    e.commutativeOnly = o.value(QStringLiteral("commutative_only")).toBool();
    catalog.m_entries.push_back(e);
  }
  return catalog;
}

std::optional<AlgorithmCatalog> AlgorithmCatalog::fromProgram(const QString& collscopeRun,
                                                              int timeoutMs, QString* error) {
  QProcess process;
  process.start(collscopeRun, {QStringLiteral("--list"), QStringLiteral("--json")});
  if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit ||
      process.exitCode() != 0) {
    if (error) *error = QStringLiteral("%1 --list --json failed").arg(collscopeRun);
    process.kill();
    process.waitForFinished(1000);
    return std::nullopt;
  }
  return fromJson(process.readAllStandardOutput(), error);
}

QString AlgorithmCatalog::runnerIn(const QString& directory) {
  const QFileInfo info(QDir(directory).filePath(QStringLiteral("collscope-run")));
  return info.isFile() && info.isExecutable() ? info.absoluteFilePath() : QString();
}

const AlgorithmEntry* AlgorithmCatalog::find(const QString& collective, const QString& name) const {
  for (const AlgorithmEntry& e : m_entries)
    if (e.collective == collective && e.name == name) return &e;
  return nullptr;
}

QStringList AlgorithmCatalog::collectives() const {
  QStringList result;
  for (const AlgorithmEntry& e : m_entries)
    if (!result.contains(e.collective)) result << e.collective;
  return result;
}

QStringList AlgorithmCatalog::algorithms(const QString& collective) const {
  QStringList result;
  for (const AlgorithmEntry& e : m_entries)
    if (e.collective == collective) result << e.name;
  return result;
}

} // namespace collscope::app
