// Catch2 with a QGuiApplication (fonts, QImage painting) — or a QApplication for the window
// smoke test — offscreen unless told otherwise.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#ifdef COLLSCOPE_TEST_WIDGETS
#include <QApplication>
using Application = QApplication;
#else
#include <QGuiApplication>
using Application = QGuiApplication;
#endif

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  Application app(argc, argv);
  Application::setOrganizationName(QStringLiteral("collscope-tests"));
  return Catch::Session().run(argc, argv);
}
