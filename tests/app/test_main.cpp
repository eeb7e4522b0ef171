// Catch2 with a QGuiApplication (fonts, QImage painting) — or a QApplication for the window
// smoke test — offscreen unless told otherwise.
#define CATCH_CONFIG_RUNNER
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <optional>

#ifdef COLLSCOPE_TEST_WIDGETS
#include <QApplication>
using Application = QApplication;
#else
#include <QGuiApplication>
using Application = QGuiApplication;
#endif

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  // Without a runtime directory (root on a fresh machine, CI) Qt warns at every start — also
  // when the build lists the tests (catch_discover_tests). A private one (0700), gone at exit.
  std::optional<QTemporaryDir> runtime;
  if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR") && runtime.emplace().isValid())
    qputenv("XDG_RUNTIME_DIR", runtime->path().toLocal8Bit());
  Application app(argc, argv);
  Application::setOrganizationName(QStringLiteral("collscope-tests"));
  return Catch::Session().run(argc, argv);
}
