/**
 * The dialling-code chip in front of a mobile input ("+86 ▾"): taps open a picker of the codes of the session's
 * language. Each form draws the chip its own way, so the classes come from the caller.
 */
import { usePickerText } from '@/lib/hooks/use-picker-text'
import { Picker, Text, View } from '@tarojs/components'
import { useAreaCodes } from '@/lib/hooks/use-area-codes'
import { DEFAULT_AREA, normaliseArea } from '@/lib/mobile'

interface Props {
  /** the current code, with or without '+'; '' means +86 */
  code: string
  /** the picked code, digits only ("852") */
  onChange(code: string): void
  className: string
  caretClassName: string
  testId?: string
  label?: string
}

export default function AreaCodePicker({ code, onChange, className, caretClassName, testId, label }: Props) {
  const pickerText = usePickerText()
  const codes = useAreaCodes()
  const current = normaliseArea(code) || DEFAULT_AREA
  const index = Math.max(
    0,
    codes.findIndex((c) => normaliseArea(c.areaCode) === current)
  )
  return (
    <Picker
      textProps={pickerText}
      mode='selector'
      range={codes.map((c) => `${c.areaCode} ${c.area}`)}
      value={index}
      onChange={(e) => {
        const picked = codes[Number(e.detail.value)]
        if (picked) onChange(normaliseArea(picked.areaCode))
      }}
    >
      <View className={className} data-testid={testId} aria-label={label}>
        <Text>+{current}</Text>
        <Text className={caretClassName}>▾</Text>
      </View>
    </Picker>
  )
}

/** docs/product §5: 11 digits for mainland numbers, up to 15 elsewhere. */
export const mobileMaxLength = (code: string): number => ((normaliseArea(code) || DEFAULT_AREA) === DEFAULT_AREA ? 11 : 15)
