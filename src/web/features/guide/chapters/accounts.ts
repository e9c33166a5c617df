import type { GuideChapter } from "./types.ts";

export const accounts: GuideChapter = {
  slug: "accounts",
  title: "Accounts and Signing In",
  summary:
    "Creating your account, signing in and out, a forgotten password, the roles of the school and your settings.",
  sections: [
    {
      id: "create-account",
      heading: "Creating an account",
      blocks: [
        {
          p: "You need an account to see anything behind the front door of The Portal: productions, screenplays, equipment and this guide. Anyone at the school can create one in a minute.",
        },
        {
          steps: [
            "Open the portal. If nobody is signed in on this browser, you see the sign-in screen.",
            "Choose **Don't have an account? Sign up** under the form.",
            "Type your **Full Name** the way it should appear on call sheets and credits, your **Email** and a **Password** of at least 6 characters.",
            "Choose **Create Account**. You are signed in straight away and see the message **Account Created**.",
          ],
        },
        {
          p: "Every field is required. The portal checks them before anything is sent: an e-mail address needs an @, a full name needs at least 2 characters (spaces at either end do not count) and a password at least 6. If something is wrong, a message at the edge of the screen says what, and the rest of what you typed stays in place.",
        },
        {
          p: "If the address already has an account, the portal does not make a second one: it tries to sign you in with the password you typed instead. If that password is not the account's, it tells you so, and you can sign in or reset the password. The portal never says whether an address has an account, and it e-mails the address's owner that someone tried to create one with it.",
        },
        {
          p: "A new account is a **student** account. If you are staff, or work in the equipment office, ask an administrator to give you the right role (see [Roles](/guide/accounts#roles)).",
        },
        {
          note: "Some schools switch on e-mail confirmation. Then the portal also sends you a message with a confirmation link; open it from the same device to finish.",
        },
      ],
    },
    {
      id: "sign-in",
      heading: "Signing in",
      blocks: [
        {
          p: "On the sign-in screen, type the **Email** and **Password** of your account and choose **Sign In**. The portal greets you with **Welcome to The Portal!** and opens the page you were trying to reach, or your home page if you came straight to the sign-in screen.",
        },
        {
          p: "Spaces before or after your e-mail address are ignored, so a pasted address works. Passwords, on the other hand, are taken exactly as typed, capitals included.",
        },
        {
          p: "If the e-mail or the password is wrong, you see **Sign in failed** with the reason. The portal does not say which of the two was wrong, so that nobody can use the screen to find out who has an account.",
        },
      ],
    },
    {
      id: "school-account",
      heading: "Signing in with the school account",
      blocks: [
        {
          p: "If your school connects The Portal to its own sign-in (the account you use for e-mail and the learning platform), the sign-in screen shows one more button above the form, such as **Sign in with Northbridge Film School**.",
        },
        {
          steps: [
            "Choose the school's button. Your browser goes to the school's own sign-in page.",
            "Sign in there as you always do, with the school's password and any second step it asks for.",
            "You come back to The Portal signed in, on the page you were trying to reach.",
          ],
        },
        {
          p: "The first time, the portal makes your account from what the school tells it: your name, your e-mail address and, from your groups, your role (staff or student, for example). If you already had an account here with the same address, the school account is joined to it, so your productions stay yours. From then on either way of signing in opens the same account.",
        },
        {
          p: "If something goes wrong, you land back on the sign-in screen with a message saying what happened, for example that a sign-in link was already used. Start again with the button; if it keeps failing, ask the school's IT.",
        },
        {
          note: "Administrators can keep password sign-in for administrators only (Settings, School, Sign-in). Everybody else then signs in with the school account, and a password sign-in says so.",
        },
        {
          note: "A demonstration portal started with DEMO_SSO=true has a pretend school sign-in with four people: staff@portal.test, student@portal.test, ines.moreau@portal.test and kofi.mensah@portal.test, with any password.",
        },
      ],
    },
    {
      id: "demo-accounts",
      heading: "The demo school accounts",
      blocks: [
        {
          p: "A portal installed for trying out, or for teaching how it works, comes with a made-up school already in it. Its accounts all share the password **portal-demo**:",
        },
        {
          table: {
            head: ["E-mail", "Role", "Good for trying"],
            rows: [
              ["admin@portal.test", "Administrator", "User management, the admin dashboard and the e-mail test page"],
              ["staff@portal.test", "Staff", "Supervising productions and approving budgets"],
              ["equipment@portal.test", "Equipment office", "Running the equipment store"],
              ["student@portal.test", "Student", "Everyday work on a production, as most people use the portal"],
            ],
          },
        },
        {
          p: "There are several more student accounts with ordinary-looking names, so that crews and class lists look real.",
        },
        {
          note: "The demo accounts exist only on a demonstration portal. Your school's real portal never has them: everybody's password there is known only to its owner.",
        },
      ],
    },
    {
      id: "forgotten-password",
      heading: "A forgotten password",
      blocks: [
        {
          steps: [
            "On the sign-in screen, choose **Forgot your password? Reset it**.",
            "Type the e-mail address of your account and choose **Send Reset Email**. You see **Reset email sent** and the screen goes back to signing in.",
            "Open the e-mail from The Portal and follow its link. It opens the page **Choose a New Password**.",
            "Type the new password twice (at least 6 characters) and choose **Set New Password**. You are signed in with it and taken to your home page.",
          ],
        },
        {
          p: "The link in the e-mail works for **one hour** and **only once**. If you open it later, or a second time, the page says **This Link Has Expired**; choose **Send a New Link** and the portal asks for a fresh e-mail, with your address already filled in. If you asked more than once, use the newest e-mail.",
        },
        {
          p: "For your safety, setting a new password signs your account out on every other device and browser. If you did not ask for a reset yourself, you can ignore the e-mail: nothing changes until someone follows the link.",
        },
        {
          p: "No e-mail after a few minutes? Look in your spam folder, and check that you typed the address your account uses. The screen looks the same whether or not an account exists, so that nobody can use it to find out who is registered. If your school's portal has no mail server set up, an administrator can find the e-mail on the [e-mail test page](/guide/accounts#email-test) and pass you the link.",
        },
      ],
    },
    {
      id: "sign-out",
      heading: "Signing out",
      blocks: [
        {
          p: "Choose **Sign Out** at the top of any page; on a phone it is inside **Menu**. You see **Signed out** and the sign-in screen.",
        },
        {
          p: "Signing out applies to every tab of the portal open in that browser at once, so a tab you forgot about on a shared computer does not stay signed in. Other devices, such as your phone, stay signed in until you sign out there too, or until you change your password (which signs out every other device).",
        },
      ],
    },
    {
      id: "staying-signed-in",
      heading: "Staying signed in",
      blocks: [
        {
          p: "You stay signed in on a device for a week after you last used the portal there; every day you use it, the week starts again. You can close the browser and come back the next morning without signing in. After a week away you are asked to sign in again.",
        },
        {
          p: "If you sign in or out in one tab, the other tabs of the same browser follow straight away.",
        },
        {
          note: "On a computer that others use, such as an edit suite or a library machine, always sign out when you leave.",
        },
      ],
    },
    {
      id: "roles",
      heading: "Roles: who may do what",
      blocks: [
        {
          p: "Everyone signed in can read the guide, change their own settings and look around the school's productions. What you may change depends on your role. The server checks your role on every action, so a button you can see is not a promise that it will work for you.",
        },
        {
          table: {
            head: ["Role", "Who has it", "What it may do"],
            rows: [
              [
                "Student",
                "Every new account",
                "See every production of the school; work on the productions, screenplays and budgets of the crews you belong to; reserve equipment.",
              ],
              [
                "Staff",
                "Faculty supervisors and the production office",
                "Supervise productions, give notes on screenplays, and approve or send back budgets.",
              ],
              [
                "Equipment office",
                "The people who run the equipment store",
                "Run the **Equipment** area: the kit, reservations, check-out and return.",
              ],
              [
                "Administrator",
                "A few people who look after the portal",
                "Everything above, plus the **Admin Dashboard** (school-wide settings, among them the budget rules), **User Management** (accounts and roles) and the e-mail test page.",
              ],
            ],
          },
        },
        {
          p: "Your role is shown on your home page under the greeting. To change it, ask an administrator: they set roles in **User Management**. On a freshly installed portal, the very first account becomes the administrator.",
        },
      ],
    },
    {
      id: "locked",
      heading: "Too many failed attempts",
      blocks: [
        {
          p: "To stop people guessing passwords, the portal counts wrong passwords for each account and where they come from. After **five** wrong passwords from one place, that place has to wait a minute before the next try, then two, then four, and the sign-in screen says there were too many failed login attempts. Browsers that have never signed in to the account have **ten** tries between them every **fifteen minutes**, however many places they come from. Your school may have chosen other numbers. There is also a limit on how many sign-ins one network address can try per minute.",
        },
        {
          p: "While it waits, even the right password is refused there. A browser you have signed in with before is not held up by anyone else's guesses, so you can still sign in from your own computer or phone while someone else is trying. When someone keeps getting your password wrong, the portal e-mails you (at most once every fifteen minutes). If you are not sure of your password any more, reset it instead of guessing. If the portal sees this error while you are signed in somewhere, it signs you out there as well, to be safe.",
        },
      ],
    },
    {
      id: "email-test",
      heading: "The e-mail test page (administrators)",
      blocks: [
        {
          p: "Administrators can open [/email-test](/email-test) to check that the portal's mail works. It shows every e-mail the portal has sent, newest first: open one to read its subject, recipient, sender, time, and its text and formatted versions.",
        },
        {
          p: "**Send Test E-mail** sends a short message to the address you type. It travels like every other e-mail, through the background jobs, and appears in the list within a few seconds. If it does not, the mail server or the jobs need attention.",
        },
        {
          p: "When the portal has no mail server set up, nothing leaves the machine: every message is kept on this page instead. That is why only administrators may read it. The page holds password-reset links, and anyone who could read them could get into other people's accounts. Other people who open the page see an explanation and a way to sign in.",
        },
      ],
    },
    {
      id: "settings",
      heading: "Your settings: name and password",
      blocks: [
        {
          p: "Open [Settings](/settings) from the navigation.",
        },
        {
          p: "**Profile**: change your **Full Name** and choose **Save Profile**. The name must have at least 2 characters; spaces at either end are dropped. Your new name shows at once on your home page and wherever your work carries your name.",
        },
        {
          p: "**Password**: type your **Current Password**, then the **New Password** (at least 6 characters) and the same again under **Confirm New Password**, and choose **Change Password**. You stay signed in on the device you are using, and every other device is signed out, so if you changed it because someone else may know the old one, they are out.",
        },
        {
          p: "Your e-mail address identifies your account and is not changed here; ask an administrator if it must change.",
        },
        {
          p: "Your picture, phone, e-mails, light or dark theme and, for administrators, the school's settings are explained in the chapter [Settings](/guide/settings).",
        },
      ],
    },
  ],
};
