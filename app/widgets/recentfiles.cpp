#include "recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace collscope::app {

namespace {

const QString key = QStringLiteral("recentTraces");

} // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu) {
  rebuild();
}

QStringList RecentFiles::paths() const {
  return QSettings().value(key).toStringList();
}

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = paths();
  list.removeAll(absolute);
  list.prepend(absolute);
  while (list.size() > maximum) list.removeLast();
  QSettings().setValue(key, list);
  rebuild();
}

void RecentFiles::rebuild() {
  m_menu->clear();
  const QStringList list = paths();
  for (qsizetype i = 0; i < list.size(); ++i) {
    const QString& path = list[i];
    QAction* action =
        m_menu->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(QDir::toNativeSeparators(path)));
    connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
  }
  if (list.isEmpty())
    m_menu->addAction(tr("(none yet)"))->setEnabled(false);
  else {
    m_menu->addSeparator();
    connect(m_menu->addAction(tr("Clear list")), &QAction::triggered, this, [this] {
      QSettings().remove(key);
      rebuild();
    });
  }
}

} // namespace collscope::app
