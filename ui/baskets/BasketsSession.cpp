#include "ui/baskets/BasketsSession.h"

#include "ui/import/BundledData.h"

namespace rr::ui {

QByteArray basketsSessionToJson(const BasketsSession& session)
{
    return QByteArray::fromStdString(
        basketsSessionJson({portablePath(session.dataPath).toStdString(), session.choice}));
}

BasketsSession basketsSessionFromJson(const QByteArray& json, const QString& baseDir)
{
    BasketsSessionFile file = parseBasketsSession(json.toStdString());
    return {resolvePath(QString::fromStdString(file.data), baseDir), std::move(file.choice)};
}

std::string readBasketsSessionFile(const QString& path)
{
    return ::rr::readBasketsSessionFile(path.toStdString());
}

} // namespace rr::ui
