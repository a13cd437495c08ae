/**
 * The built-in privacy policy, version 1, answered until a school's staff save their own (docs/decisions/041). It says
 * what this app really collects and where (kept in step with docs/deployment.md "WeChat privacy declarations").
 * Format: plain text; a line starting with "## " is a heading (the app and the console render it so).
 * `{school}` is replaced by the school's name when answered.
 */
export const DEFAULT_POLICY_VERSION = 1

export const DEFAULT_POLICY = {
  zh_CN: {
    title: '隐私政策',
    content: `{school}（以下简称“我们”）通过本捐赠平台（微信小程序、支付宝小程序及网页）接受捐赠。本政策说明我们收集哪些个人信息、为什么收集、保存多久，以及您如何查阅、导出和删除这些信息。

## 一、我们收集的信息及用途
1. 登录信息：微信或支付宝为本应用提供的用户标识（openid），或您登录时填写的手机号码，用于识别您的账号、保存您的捐赠记录。
2. 昵称和头像：您在个人中心设置的昵称和上传的头像，显示在个人中心、项目留言和一起捐的发起页。
3. 捐赠信息：项目、金额、时间、支付方式和订单号，用于记账、公示（您可选择匿名）和颁发荣誉。
4. 捐赠证书和纸质证书：证书上的姓名；选择邮寄时的收件人、联系电话和邮寄地址，仅用于制作和寄送证书。
5. 捐赠票据（用于个人所得税或企业所得税税前扣除）：票据抬头（个人姓名或单位名称）、身份证号码或统一社会信用代码、电子邮箱或接收短信的手机号、邮寄地址，仅用于开具和寄送票据。
6. 冠名信息：铭牌上的捐赠人名称、身份和寄语，按您的选择公开展示。
7. 捐赠协议：签署协议时填写的姓名、手机号和身份证号码（身份证号码只保存遮盖后的形式）以及手写签名，用于订立捐赠协议。
8. 留言：您在项目下发表的留言内容，经审核后公开显示。
9. 捐赠表单中学校设置的其他栏目（如学号、届别），仅用于该项目。
我们不会收集与上述目的无关的信息，不会出售您的个人信息。

## 二、同意
首次登录或首次填写上述信息前，我们会请您阅读并同意本政策。本政策更新后，我们会再次征求您的同意。

## 三、共享和委托处理
支付时，订单号和金额提供给您选择的支付机构（微信支付、支付宝或校园卡系统）。短信验证码由短信服务商发送。除法律法规要求外，我们不向其他第三方提供您的个人信息。

## 四、保存期限
账号信息保存至您注销账号为止。捐赠记录、已开具的票据和已签署的协议属于基金会的会计和法律档案，依照法律法规规定的期限保存；账号注销后这些记录中的个人身份信息将被删除或匿名化，只保留金额、时间和项目。

## 五、您的权利
1. 查阅和导出：在“我的 → 下载我的数据”中可获取您的全部个人数据（JSON 格式）。
2. 更正：可在个人中心修改昵称和头像，在证书、票据申请中更正收件信息。
3. 注销账号：在“我的 → 注销账号”中确认后，我们将删除或匿名化您的姓名、手机号、身份证号码、用户标识、头像、地址，您的留言改为匿名显示，所有登录状态立即失效，此后使用同一微信、支付宝或手机号登录将得到一个全新的空账号。您的捐赠金额仍计入项目总额，但不再与您关联。
4. 撤回同意：注销账号即撤回同意；也可联系我们。

## 六、联系我们
如对本政策有任何疑问，请联系{school}。`
  },
  en: {
    title: 'Privacy policy',
    content: `{school} ("we") accepts gifts through this donation platform (WeChat mini-program, Alipay mini-program and web). This policy says what personal information we collect, why, how long we keep it, and how you can see, download and delete it.

## 1. What we collect and why
1. Sign-in: the user identifier (openid) WeChat or Alipay gives this app, or the mobile number you sign in with, to recognise your account and keep your giving record.
2. Nickname and avatar: the nickname and picture you set in the personal centre, shown there, with your project messages and on joint donations you start.
3. Gifts: project, amount, time, payment method and order number, for the accounts, the donor list (you may give anonymously) and awards.
4. Certificates: the name on the certificate; for a posted paper certificate the recipient, contact mobile and mailing address, used only to make and send it.
5. Donation receipts (for income-tax deduction): the receipt title (your name or your organisation's), ID card number or unified social credit code, e-mail or SMS mobile, and mailing address, used only to issue and send the receipt.
6. Naming: the donor name, identity and message on a nameplate, shown publicly as you choose.
7. Donation agreements: the name, mobile and ID number you give when signing (the ID number is stored masked only) and your handwritten signature, to make the agreement.
8. Messages: what you write under a project, shown publicly after review.
9. Other fields a school adds to its donation form (such as a student number or class year), used only for that project.
We collect nothing unrelated to these purposes and never sell personal information.

## 2. Consent
Before you first sign in or first give any of the information above, we ask you to read and agree to this policy. When the policy changes we ask again.

## 3. Sharing
When you pay, the order number and amount go to the payment provider you choose (WeChat Pay, Alipay or the campus card system). Verification codes are sent by an SMS provider. Otherwise we share your personal information with no one, unless the law requires it.

## 4. How long we keep it
Account information is kept until you delete your account. Gifts, issued receipts and signed agreements are the foundation's accounting and legal records and are kept for the periods the law sets; when you delete your account, the personal details in them are erased or anonymised and only amounts, dates and projects remain.

## 5. Your rights
1. See and download: "Mine → Download my data" gives you all your personal data as a JSON file.
2. Correct: change your nickname and avatar in the personal centre, and delivery details in certificate and receipt requests.
3. Delete your account: after you confirm under "Mine → Delete account", we erase or anonymise your name, mobile, ID numbers, user identifiers, avatar and addresses, your messages are shown as anonymous, every sign-in ends at once, and signing in again with the same WeChat, Alipay or mobile gives a new, empty account. Your gifts still count in the project totals but are no longer linked to you.
4. Withdraw consent: deleting your account withdraws it; you can also contact us.

## 6. Contact
For any question about this policy, contact {school}.`
  }
} as const
