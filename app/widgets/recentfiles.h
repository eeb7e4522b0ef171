// The recent-traces list under File, kept in QSettings across sessions.
#pragma once

#include <QMenu>
#include <QObject>
#include <QStringList>

namespace collscope::app {

class RecentFiles : public QObject {
  Q_OBJECT
public:
  static constexpr int maximum = 10;

  explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
  void add(const QString& path);
  QStringList paths() const;

signals:
  void openRequested(const QString& path);

private:
  void rebuild();

  QMenu* m_menu;
};

} // namespace collscope::app
