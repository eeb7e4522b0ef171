// "Run a collective": choose collective, algorithm, p, root, count, datatype; starts
// `mpirun … collscope-run … --trace DIR`, shows its output and errors, and hands the trace to
// the window when the run succeeded.
#pragma once

#include "run/algorithmcatalog.h"
#include "runprocess.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace collscope::app {

class RunDialog : public QDialog {
  Q_OBJECT
public:
  RunDialog(const std::optional<AlgorithmCatalog>& catalog, QWidget* parent = nullptr);

  RunRequest request() const;
  /// Fills the form (collective, algorithm, p, root, count, datatype) from `request`.
  void setRequest(const RunRequest& request);

signals:
  void traceReady(const QString& traceDir);

private:
  void fillAlgorithms();
  void updateCommand();
  void run();
  void finished(bool ok, const QString& message, const QString& traceDir);

  std::optional<AlgorithmCatalog> m_catalog;
  RunEnvironment m_environment;
  QString m_problem;
  RunProcess* m_process;
  QComboBox* m_collective;
  QComboBox* m_algorithm;
  QLabel* m_description;
  QSpinBox* m_processes;
  QSpinBox* m_root;
  QSpinBox* m_count;
  QComboBox* m_datatype;
  QComboBox* m_op;
  QSpinBox* m_blocks;
  QComboBox* m_problemType;
  QSpinBox* m_piece;
  QLabel* m_command;
  QPlainTextEdit* m_output;
  QLabel* m_status;
  QPushButton* m_run;
  QPushButton* m_stop;
  QString m_traceDir; ///< the folder the command preview shows and the next run uses
};

} // namespace collscope::app
