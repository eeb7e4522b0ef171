// What the user picked, shared by every view so that a message or rank selected in one is
// selected in all.
#pragma once

#include <QObject>

namespace collscope::app {

class Selection : public QObject {
  Q_OBJECT
public:
  using QObject::QObject;

  int message() const { return m_message; } ///< index into Trace::messages, or -1
  int rank() const { return m_rank; }       ///< world rank, or -1

public slots:
  void setMessage(int message);
  void setRank(int rank);
  void clear();

signals:
  void messageChanged(int message);
  void rankChanged(int rank);

private:
  int m_message = -1;
  int m_rank = -1;
};

} // namespace collscope::app
