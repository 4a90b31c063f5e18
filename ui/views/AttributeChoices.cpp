#include "ui/views/AttributeChoices.h"

#include "core/datasource/PreparedTable.h"

#include <QComboBox>
#include <QObject>

namespace rr::ui {

void fillAttributeBox(QComboBox* box, const std::vector<std::string>& names, bool withNone)
{
    box->clear();
    if (withNone)
        box->addItem(QObject::tr("(none)"), QString());
    for (const auto& n : names)
        box->addItem(QString::fromStdString(n), QString::fromStdString(n));
    // As wide as the longest name, and never squeezed below it by a crowded row: a layout short of room cut
    // "education" to "educatior" (issue 45).
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    box->setMinimumWidth(box->sizeHint().width());
}

void fillPairBoxes(QComboBox* first, QComboBox* second, const PreparedTable* analysis)
{
    const std::vector<std::string> names = analysis ? analysis->names : std::vector<std::string>{};
    fillAttributeBox(first, names);
    fillAttributeBox(second, names, true);
}

void showPair(QComboBox* first, QComboBox* second, const std::vector<int>& axes)
{
    first->setCurrentIndex(axes[0]);
    second->setCurrentIndex(axes.size() > 1 ? axes[1] + 1 : 0);
}

std::pair<std::string, std::string> chosenPair(const QComboBox* first, const QComboBox* second)
{
    std::pair<std::string, std::string> chosen{first->currentData().toString().toStdString(),
                                               second->currentData().toString().toStdString()};
    if (chosen.second == chosen.first)
        chosen.second.clear();
    return chosen;
}

} // namespace rr::ui
