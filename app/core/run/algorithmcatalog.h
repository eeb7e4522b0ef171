// The algorithm registry as `collscope-run --list --json` prints it: collective, name,
// description, expected rounds, α-β cost, lecture source. The app never links MPI, so it asks
// the driver program (found next to the app's own binary) instead of linking the registry.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace collscope::app {

struct AlgorithmEntry {
  QString collective;
  QString name;
  QString description;
  QString source;
  QString rounds;
  QString cost;
  bool native = false;
  bool usesBlocks = false;      ///< takes --blocks (pipelines)
  bool commutativeOnly = false; ///< refuses --op noncommutative
};

class AlgorithmCatalog {
public:
  /// Parses the JSON array; nullopt and `error` set if it is not one.
  static std::optional<AlgorithmCatalog> fromJson(const QByteArray& json, QString* error = nullptr);
  /// Runs `collscopeRun --list --json` (at most timeoutMs).
  static std::optional<AlgorithmCatalog> fromProgram(const QString& collscopeRun, int timeoutMs,
                                                     QString* error = nullptr);
  /// `collscope-run` in `directory` if it is there and executable, else an empty string.
  static QString runnerIn(const QString& directory);

  const std::vector<AlgorithmEntry>& entries() const { return m_entries; }
  const AlgorithmEntry* find(const QString& collective, const QString& name) const;
  QStringList collectives() const;
  QStringList algorithms(const QString& collective) const;

private:
  std::vector<AlgorithmEntry> m_entries;
};

} // namespace collscope::app
