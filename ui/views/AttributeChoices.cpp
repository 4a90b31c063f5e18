#include "ui/views/AttributeChoices.h"

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
}

} // namespace rr::ui
