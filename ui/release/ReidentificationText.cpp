#include "ui/release/ReidentificationText.h"

#include <QObject>

namespace rr::ui {

QString reidentificationParagraph(const ReidentificationStep& step)
{
    if (!step.risk)
        return QObject::tr("<p><b>Re-identification</b>: not computed (%1).</p>")
            .arg(QString::fromStdString(step.unavailable).toHtmlEscaped());
    const ReidentificationRisk& r = *step.risk;
    return QObject::tr("<p><b>Re-identification</b>: an attacker who knows a person's quasi-identifiers and picks a "
                       "released record with those values gets the person's own record with probability at most "
                       "<b>%1</b> (original data %2); on average %3% of the records (original %4%).</p>")
        .arg(r.randomized.max, 0, 'f', 3)
        .arg(r.original.max, 0, 'f', 3)
        .arg(100 * r.randomized.mean, 0, 'f', 2)
        .arg(100 * r.original.mean, 0, 'f', 2);
}

QString severalSensitiveParagraph(const ReleaseSummary& s)
{
    if (!s.several || s.several->perTarget.size() != s.targets.size())
        return {};
    QStringList items;
    for (std::size_t k = 0; k < s.targets.size(); ++k) {
        QString name = QString::fromStdString(s.targets[k].attribute).toHtmlEscaped();
        if (!s.targets[k].knows.empty()) {
            QStringList knows;
            for (const std::string& x : s.targets[k].knows)
                knows << QString::fromStdString(x).toHtmlEscaped();
            name += QObject::tr(" (attacker knows %1)").arg(knows.join(", "));
        }
        const double max = s.several->perTarget[k].maxRisk;
        items << QObject::tr("%1 <span style='color:%2'>%3</span>")
                     .arg(name, meetsThreshold(max, s.tau) ? "#1a7f37" : "#b03a00")
                     .arg(max, 0, 'f', 3);
    }
    return QObject::tr("<p><b>Every sensitive attribute</b> (largest risk of each, given what its attacker knows): "
                       "%1. The largest risk above is each record's largest over them.</p>")
        .arg(items.join("; "));
}

} // namespace rr::ui
