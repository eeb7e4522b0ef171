// The algorithm catalog is fetched from collscope-run in the background: start() returns while
// the driver is still running, and the answer arrives as a signal.
#include "run/catalogloader.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

using namespace collscope::app;

TEST_CASE("the catalog loader does not wait for collscope-run") {
  QTemporaryDir dir;
  REQUIRE(dir.isValid());
  const QString json = dir.filePath(QStringLiteral("list.json"));
  const QString go = dir.filePath(QStringLiteral("go"));
  {
    QFile f(json);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(R"([{"collective": "gather", "name": "binomial", "description": "d", "source": "s",
                 "rounds": "r", "cost": "c", "native": false}])");
  }
  CatalogLoader loader;
  QSignalSpy loaded(&loader, &CatalogLoader::loaded);
  // A stand-in driver that answers only once the test lets it: if start() blocked until the
  // answer, it would never return.
  loader.start(
      QStringLiteral("sh"),
      {QStringLiteral("-c"),
       QStringLiteral("while [ ! -e '%1' ]; do sleep 0.05; done; cat '%2'").arg(go, json)});
  CHECK(loader.isLoading());
  CHECK(loaded.isEmpty());
  QFile(go).open(QIODevice::WriteOnly);
  REQUIRE(loaded.wait(20000));
  const auto catalog = loaded.first().at(0).value<std::optional<AlgorithmCatalog>>();
  REQUIRE(catalog);
  CHECK(catalog->find(QStringLiteral("gather"), QStringLiteral("binomial")));
}

TEST_CASE("the catalog loader reports a driver that fails") {
  CatalogLoader loader;
  QSignalSpy loaded(&loader, &CatalogLoader::loaded);
  loader.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("exit 3")});
  REQUIRE(loaded.wait(20000));
  CHECK_FALSE(loaded.first().at(0).value<std::optional<AlgorithmCatalog>>());
  CHECK(loaded.first().at(1).toString().contains(QStringLiteral("failed")));
}
