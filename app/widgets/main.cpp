// collscope view: the window (`collscope [TRACE]`) or a headless export (`collscope --export …`);
// also `collscope present` and `collscope slides` (the front end passes their word first).
#include "cli/commandline.h"
#include "collscope/cli/command.hpp"
#include "export/headlessexport.h"
#include "mainwindow.h"
#include "presentation.h"
#include "quitonsignal.h"
#include "slides/slidesexport.h"

#include <QApplication>
#include <QGuiApplication>
#include <QTextStream>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <utility>

namespace {

// Offscreen exports need no runtime directory; Qt's warning about it would bury the one line
// the user should read.
void quietMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
  if (type == QtDebugMsg || type == QtInfoMsg ||
      message.startsWith(QStringLiteral("QStandardPaths:")))
    return;
  std::fprintf(stderr, "%s\n", qPrintable(message));
}

// While the window system connects, Qt reports a dead display with a few warnings and then
// qFatal (abort, exit 134). Keep them back and say it in one line with a clean exit status.
QStringList startupMessages;
void startupHandler(QtMsgType type, const QMessageLogContext&, const QString& message) {
  if (type == QtDebugMsg || type == QtInfoMsg) return;
  startupMessages << message;
  if (type != QtFatalMsg) return;
  const QString display = qEnvironmentVariable("DISPLAY");
  std::fprintf(stderr,
               "collscope: cannot open a window on display '%s' (%s); use --export OUT.png TRACE "
               "to render without a window\n",
               qPrintable(display), qPrintable(startupMessages.first().section('\n', 0, 0)));
  std::_Exit(2);
}

bool hasDisplay() {
  return !qEnvironmentVariableIsEmpty("DISPLAY") ||
         !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
         !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

// `collscope present DECK`: the deck's errors are printed, and the talk goes on with them
// shown on their slides.
int present(int& argc, char** argv, const QStringList& arguments, QTextStream& out,
            QTextStream& err) {
  using namespace collscope::app;
  const slides::SlidesOptions options = slides::parseSlidesArguments(arguments, true);
  if (options.help) {
    out << slides::slidesUsage();
    return 0;
  }
  if (!options.error.isEmpty()) {
    err << "collscope: " << options.error << "\n";
    return 2;
  }
  slides::Deck deck = slides::loadDeck(options.deck);
  deck.canvasWidth = options.canvasWidth;
  for (const QString& line : deck.errorLines()) err << "collscope: error: " << line << "\n";
  err.flush();
  if (deck.slides.empty()) return 2;
  if (!hasDisplay()) {
    err << "collscope: no display (DISPLAY and WAYLAND_DISPLAY are unset); use collscope slides "
           "DECK --pdf OUT.pdf to render without a window\n";
    return 2;
  }
  qInstallMessageHandler(startupHandler);
  QApplication app(argc, argv);
  qInstallMessageHandler(nullptr);
  QApplication::setApplicationName(QStringLiteral("collscope"));
  // Before the presentation, so that it outlives it: a second signal while the recording
  // is being stopped must not end the process half way.
  const QuitOnSignal quitOnSignal;
  Presentation presentation(deck, {options.rerecord, !options.window});
  QObject::connect(&presentation, &Presentation::closed, &app, &QApplication::quit);
  QObject::connect(&app, &QCoreApplication::aboutToQuit, &presentation,
                   [&presentation] { presentation.library().stop(); });
  presentation.start();
  return app.exec();
}

} // namespace

int main(int argc, char** argv) {
  using namespace collscope::app;
  QStringList arguments;
  for (int i = 1; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  QTextStream out(stdout);
  QTextStream err(stderr);
  if (!arguments.isEmpty() && arguments.front() == QStringLiteral("slides")) {
    const slides::SlidesOptions options = slides::parseSlidesArguments(arguments.mid(1), false);
    if (options.help) {
      out << slides::slidesUsage();
      return 0;
    }
    if (!options.error.isEmpty()) {
      err << "collscope: " << options.error << "\n";
      return 2;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietMessages);
    QGuiApplication app(argc, argv);
    return slides::runSlidesExport(options, out, err);
  }
  if (!arguments.isEmpty() && arguments.front() == QStringLiteral("present"))
    return present(argc, argv, arguments.mid(1), out, err);
  const CommandLine commandLine = parseCommandLine(arguments);
  if (commandLine.help) {
    out << usage();
    return collscope::cli::exit_ok;
  }
  if (commandLine.version) {
    out << versionLine() << "\n";
    return collscope::cli::exit_ok;
  }
  if (!commandLine.error.isEmpty()) {
    // "collscope view: error: …" under the front end, else the executable's own name.
    const std::string name = collscope::cli::command_name(
        argv[0], argc > 0 ? std::filesystem::path(argv[0]).filename().string() : "collscope-view");
    return collscope::cli::report_usage_error(name, commandLine.error.toStdString());
  }
  if (commandLine.exportMode) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietMessages);
    QGuiApplication app(argc, argv);
    return runHeadlessExport(commandLine.options, out, err);
  }
  if (!hasDisplay()) {
    err << "collscope: no display (DISPLAY and WAYLAND_DISPLAY are unset); "
           "use --export OUT.png TRACE to render without a window\n";
    return 2;
  }
  qInstallMessageHandler(startupHandler);
  QApplication app(argc, argv);
  qInstallMessageHandler(nullptr);
  for (const QString& message : std::as_const(startupMessages)) qWarning("%s", qPrintable(message));
  QApplication::setApplicationName(QStringLiteral("collscope"));
  QApplication::setOrganizationName(QStringLiteral("collscope"));
  MainWindow window;
  window.setNodeOptions(commandLine.options.nodes);
  window.setInitialCall(commandLine.options.call);
  window.setCompareWith(commandLine.second, commandLine.options.call2);
  window.show();
  if (!commandLine.trace.isEmpty()) window.openTrace(commandLine.trace);
  return app.exec();
}
