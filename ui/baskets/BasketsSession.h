#pragma once
// A Baskets session as JSON: the file, the operator and its parameters, the breach level and the preview's
// choices. Qt Core only; files in the bundled data folder are stored as "sample:NAME" (ui/session/Resources).
#include "ui/baskets/BasketsCompute.h"

#include <QByteArray>
#include <QString>

namespace rr::ui {

struct BasketsSession {
    QString dataPath;
    BasketsChoice choice;
};

QByteArray basketsSessionToJson(const BasketsSession& session);
// Throws rr::InputError naming the field that is missing or out of range (nothing is half applied).
BasketsSession basketsSessionFromJson(const QByteArray& json, const QString& baseDir = {});

} // namespace rr::ui
