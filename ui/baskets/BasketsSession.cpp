#include "ui/baskets/BasketsSession.h"

#include "ui/import/BundledData.h"

namespace rr::ui {
namespace {

SessionPlaces places(const QString& baseDir)
{
    return SessionPlaces{baseDir.toStdString(), bundledDataDir().toStdString()};
}

BasketsSessionFile toCore(const BasketsSession& session)
{
    return {session.dataPath.toStdString(), session.choice};
}

BasketsSession fromCore(BasketsSessionFile&& file)
{
    return {QString::fromStdString(file.data), std::move(file.choice)};
}

} // namespace

QByteArray basketsSessionToJson(const BasketsSession& session)
{
    return QByteArray::fromStdString(basketsSessionJson(toCore(session), places({})));
}

BasketsSession basketsSessionFromJson(const QByteArray& json, const QString& baseDir)
{
    return fromCore(parseBasketsSession(json.toStdString(), places(baseDir)));
}

void writeBasketsSession(const BasketsSession& session, const QString& path)
{
    saveSessionFile(toCore(session), path.toStdString(), bundledDataDir().toStdString());
}

BasketsSession readBasketsSession(const QString& path)
{
    return fromCore(loadBasketsSessionFile(path.toStdString(), bundledDataDir().toStdString()));
}

} // namespace rr::ui
