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

} // namespace rr::ui
